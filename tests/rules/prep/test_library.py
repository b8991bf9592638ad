"""Token templates: the bundled library, strict reading, saving, and tokens made from them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules import Hex, Token, TokenKind
from rules.prep.library import (
    ART_FOLDER,
    MAX_IMAGE_BYTES,
    TemplateError,
    TokenTemplate,
    load_templates,
    parse_template,
    picture_suffix,
    read_template_image,
    save_template,
    template_id_for,
)

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32


@pytest.fixture
def bundled(repo_root: Path) -> Path:
    return repo_root / "assets" / "library"


def _ogre() -> TokenTemplate:
    return TokenTemplate("ogre", "Ogre", size=1, side="enemy", color="#CC79A7", reach=2)


def _write(folder: Path, name: str, data: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- the bundled library -------------------------------------------------------------------
def test_bundled_templates_load_without_problems(bundled: Path) -> None:
    templates, problems = load_templates(bundled)
    assert problems == []
    assert len(templates) >= 15
    creature_sizes = {t.size for t in templates if t.kind is TokenKind.CREATURE}
    assert set(range(-4, 7)) <= creature_sizes
    objects = {t.id for t in templates if t.kind is TokenKind.OBJECT}
    assert {"crate", "barrel", "wall-segment", "cart"} <= objects


def test_every_bundled_template_has_its_art_and_makes_a_valid_token(bundled: Path) -> None:
    for template in load_templates(bundled).templates:
        assert template.image_path is not None and template.image_path.is_file(), template.id
        assert (read_template_image(template) or b"").startswith(b"\x89PNG")
        token = template.to_token(f"{template.id}-1", Hex(3, 4), image="x.png")
        assert (token.name, token.size, token.kind) == (template.name, template.size, template.kind)


def test_bundled_stats_follow_the_digest(bundled: Path) -> None:
    by_id = {t.id: t for t in load_templates(bundled).templates}
    assert by_id["ancient-wyrm"].movement_types[0] == "fly"
    assert by_id["bison"].size == 2 and "long torso" in by_id["bison"].notes
    assert len(by_id["wall-segment"].to_token("w", Hex(0, 0)).footprint) == 3
    assert len(by_id["colossus"].to_token("c", Hex(0, 0)).footprint) == 19
    assert all(t.movement_pool == 5 for t in by_id.values() if t.kind is TokenKind.CREATURE)


# -- tokens and templates ------------------------------------------------------------------
def test_to_token_and_from_token_keep_every_stat() -> None:
    template = TokenTemplate(
        "bison",
        "Bison",
        size=2,
        reach=2,
        movement_pool=6,
        movement_types=("land", "swim", "climb"),
        footprint=(Hex(0, 0), Hex(1, 0)),
        notes="long torso",
        gripping=0,
        stats=(("athletics", 4), ("martial", 2), ("zeal", 1)),
        severe_threshold=3,
    )
    token = template.to_token("bison-1", Hex(4, 2), image="bison.png")
    assert token.vitals.stats == (("athletics", 4), ("martial", 2), ("zeal", 1))
    assert token.vitals.severe_threshold == 3
    assert token.position == Hex(4, 2) and token.image == "bison.png"
    assert token.footprint_override == (Hex(0, 0), Hex(1, 0))
    assert (token.reach, token.movement_pool) == (2, 6)
    assert TokenTemplate.from_token(token) == template  # image and folder are not compared


def test_from_token_names_the_template_after_the_token() -> None:
    token = Token("t-1", "Grey Ogre", Hex(0, 0), size=1, image="x.png")
    template = TokenTemplate.from_token(token)
    assert template.id == "grey-ogre" and template.image is None


def test_template_values_are_checked() -> None:
    with pytest.raises(TemplateError, match="template id"):
        TokenTemplate("Bad Id!", "X")
    with pytest.raises(TemplateError, match="colour"):
        TokenTemplate("x", "X", color="red")
    with pytest.raises(TemplateError, match="Reach"):
        TokenTemplate("x", "X", reach=-1)


def test_template_id_for() -> None:
    assert template_id_for("Stone Giant") == "stone-giant"
    assert template_id_for("Ogre", taken={"ogre", "ogre-2"}) == "ogre-3"
    assert template_id_for("!!!") == "template"


def test_json_round_trip() -> None:
    template = _ogre()
    assert parse_template(template.to_json(), "ogre.json") == template
    assert parse_template(json.loads(json.dumps(template.to_json())), "o.json") == template
    armed = replace(template, gripping=2, stats=(("martial", 2), ("zeal", 1)), severe_threshold=3)
    assert armed.to_json()["stats"] == {"martial": 2, "zeal": 1}
    assert parse_template(json.loads(json.dumps(armed.to_json())), "o.json") == armed


def test_a_version_1_template_without_stats_still_reads() -> None:
    data = {k: v for k, v in _ogre().to_json().items() if k not in ("stats", "gripping")}
    data.pop("severe_threshold")
    old = parse_template({**data, "version": 1}, "ogre.json")
    assert old.stats == () and old.gripping == 0 and old.severe_threshold is None


def test_every_bundled_creature_rolls_real_numbers(bundled: Path) -> None:
    """Issue #16: a creature placed from the library has Skill Tiers, Zeal and Pools."""
    for template in load_templates(bundled).templates:
        if template.kind is not TokenKind.CREATURE:
            assert template.stats == (), template.id
            continue
        token = template.to_token("probe", Hex(3, 3))
        tiers = dict(token.vitals.stats)
        assert tiers.get("zeal", 0) > 0 and tiers.get("martial", 0) > 0, template.id
        assert token.vitals.severe_threshold, template.id


# -- strict reading ------------------------------------------------------------------------
BAD_FIELDS = [
    ({"size": "big"}, "'size'"),
    ({"size": True}, "'size'"),
    ({"size": 99}, "'size'"),
    ({"reach": -1}, "'reach'"),
    ({"movement_pool": 1.5}, "'movement_pool'"),
    ({"movement_types": []}, "'movement_types'"),
    ({"movement_types": ["teleport"]}, "'movement_types'"),
    ({"movement_types": ["land", "land"]}, "'movement_types'"),
    ({"side": "villain"}, "'side'"),
    ({"color": "red"}, "'color'"),
    ({"kind": "spell"}, "'kind'"),
    ({"name": "  "}, "'name'"),
    ({"image": "../secret.png"}, "'image'"),
    ({"image": "ogre.exe"}, "'image'"),
    ({"footprint": [[1, 0]]}, "'footprint'"),
    ({"footprint": [[0, 0], [0, 0]]}, "'footprint'"),
    ({"footprint": [[0, 0, 1]]}, "'footprint'"),
    ({"footprint": "0,0"}, "'footprint'"),
    ({"notes": 3}, "'notes'"),
    ({"stats": {"martial": "2"}}, "'stats'"),
    ({"stats": {"juggling": 2}}, "'stats'"),
    ({"stats": [["martial", 2]]}, "'stats'"),
    ({"gripping": -1}, "'gripping'"),
    ({"severe_threshold": "high"}, "'severe_threshold'"),
    ({"sise": 1}, "unknown field 'sise'"),
    ({"version": 3}, "made by a newer Hexweave"),
    ({"format": "something-else"}, "field 'format' must be 'hexweave-token-template'"),
    ({"notes": "x" * 5000}, "got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"),
    ({"name": "Wyrm\ud800"}, "its name is not valid text (a lone surrogate at character 5)"),
]


@pytest.mark.parametrize(("change", "expected"), BAD_FIELDS)
def test_a_bad_field_is_named_with_its_file(change: dict[str, object], expected: str) -> None:
    data = {**_ogre().to_json(), **change}
    with pytest.raises(TemplateError) as caught:
        parse_template(data, "ogre.json")
    assert str(caught.value).startswith("ogre.json: ")
    assert expected in str(caught.value)


def test_missing_fields_and_non_objects_are_named() -> None:
    data = _ogre().to_json()
    del data["size"]
    with pytest.raises(TemplateError, match=r"ogre.json: missing field 'size'"):
        parse_template(data, "ogre.json")
    with pytest.raises(TemplateError, match="must be a JSON object"):
        parse_template([1, 2], "ogre.json")


def test_load_skips_bad_files_and_reports_each(tmp_path: Path) -> None:
    save_template(_ogre(), tmp_path)
    _write(tmp_path, "broken.json", {"format": "hexweave-token-template"})
    (tmp_path / "garbage.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "latin.json").write_bytes(b"\xff\xfe\x00")
    _write(tmp_path, "renamed.json", {**_ogre().to_json(), "id": "troll"})
    (tmp_path / "huge.json").write_text(" " * 70_000, encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 30_000 + "]" * 30_000, encoding="utf-8")
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "digits.json").write_text('{"size": ' + "9" * 5000 + "}", encoding="utf-8")
    (tmp_path / "endless.json").symlink_to("/dev/zero")  # never read to the end
    templates, problems = load_templates(tmp_path)
    assert [t.id for t in templates] == ["ogre"]
    assert len(problems) == 9
    joined = "\n".join(problems)
    for name in (
        "digits.json",
        "folder.json",
        "endless.json",
        "deep.json",
        "broken.json",
        "garbage.json",
        "latin.json",
        "renamed.json",
        "huge.json",
    ):
        assert name in joined
    assert "not valid JSON" in joined and "not the file name" in joined
    assert "endless.json: the template is not a regular file" in joined


def test_a_template_whose_picture_is_missing_is_kept_without_it(tmp_path: Path) -> None:
    _write(tmp_path, "ogre.json", {**_ogre().to_json(), "image": "ogre.png"})
    templates, problems = load_templates(tmp_path)
    assert templates[0].image is None
    assert problems == [f"ogre.json: picture {ART_FOLDER}/ogre.png is missing"]


def test_a_missing_folder_is_an_empty_library(tmp_path: Path) -> None:
    assert load_templates(tmp_path / "nowhere") == ([], [])


# -- saving --------------------------------------------------------------------------------
def test_save_then_load_with_a_picture(tmp_path: Path) -> None:
    saved = save_template(_ogre(), tmp_path / "library", PNG)
    assert saved.image == "ogre.png" and saved.folder == tmp_path / "library"
    assert (tmp_path / "library" / "art" / "ogre.png").read_bytes() == PNG
    templates, problems = load_templates(tmp_path / "library")
    assert problems == [] and templates == [saved]
    assert read_template_image(templates[0]) == PNG
    assert sorted(p.name for p in (tmp_path / "library").iterdir()) == ["art", "ogre.json"]


def test_save_refuses_a_picture_it_does_not_have_or_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="pass its bytes"):
        save_template(TokenTemplate("x", "X", image="x.png"), tmp_path)
    with pytest.raises(TemplateError, match="not a PNG, JPEG or WebP"):
        save_template(TokenTemplate("x", "X"), tmp_path, b"GIF89a....")
    assert not (tmp_path / "x.json").exists()


def test_picture_suffix() -> None:
    assert picture_suffix(PNG) == ".png"
    assert picture_suffix(b"\xff\xd8\xff\xe0rest") == ".jpg"
    assert picture_suffix(b"RIFF\0\0\0\0WEBPVP8 ") == ".webp"


def test_an_oversized_picture_is_refused_before_reading(tmp_path: Path) -> None:
    saved = save_template(_ogre(), tmp_path, PNG)
    assert saved.image_path is not None
    with saved.image_path.open("r+b") as stream:
        stream.truncate(MAX_IMAGE_BYTES + 1)
    with pytest.raises(TemplateError, match="too big"):
        read_template_image(saved)
