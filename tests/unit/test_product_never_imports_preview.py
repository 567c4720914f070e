"""The previews (scripted rounds, scenes, demo tables, screenshots, the journal-less station)
live in :mod:`dealer_station.preview`, which the product never imports: only the ``screenshot``
command (and the tests) use it. Issue 15."""

from module_imports import imported_modules, project_modules

#: The one product module allowed to import the previews: the command that draws screenshots.
ALLOWED = {"dealer_station.commands.screenshot"}


def test_no_product_module_imports_the_previews() -> None:
    modules = project_modules()
    assert "dealer_station.preview.screenshot" in modules  # the walk sees the package
    offenders = sorted(
        f"{name} imports {target}"
        for name, path in modules.items()
        if not name.startswith("dealer_station.preview") and name not in ALLOWED
        for target in imported_modules(name, path, module_level=False)
        if target == "dealer_station.preview" or target.startswith("dealer_station.preview."))
    assert offenders == []


def test_the_screenshot_command_is_seen_importing_the_previews() -> None:
    """The walk finds a function-local import (the command imports the previews lazily): without
    it, the test above could pass by seeing nothing."""
    path = project_modules()["dealer_station.commands.screenshot"]
    assert "dealer_station.preview.screenshot" in imported_modules(
        "dealer_station.commands.screenshot", path, module_level=False)
