"""The main window and what it is assembled from: menus (menu commands as data) and features."""
