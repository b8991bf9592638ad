"""Dialogs: modal questions and editors."""
