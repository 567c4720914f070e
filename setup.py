"""What the wheel and the sdist carry besides the code (the metadata is in pyproject.toml).

The run-time files live outside the packages in a checkout: ``resources/`` (default
configurations, pay tables, house ways, the pay tables' census) and the guides HELP opens with
the screenshots they show (``docs/guide``, ``docs/journeys``, ``docs/screenshots``). An installed
wheel carries them as ``dealer_station/resources`` and ``dealer_station/docs``, where
``dealer_station.resources_path`` and ``dealer_station.guide`` look after a checkout's folders.

Declared here because pyproject.toml cannot: a ``package-dir`` mapping applies only to a package
in the packages list, and ``packages.find`` finds only the folders under ``dealer_station/``.
``tests/installer/test_wheel.py`` checks the build's files and runs an installed wheel.
"""

from setuptools import find_packages, setup

#: The folders of ``docs/`` the program opens at run time (as installer/dealer-station.spec).
SHIPPED_DOCS = ("guide", "journeys", "screenshots")

setup(
    packages=[*find_packages(include=["dealer_station", "dealer_station.*",
                                      "drivers", "drivers.*"]),
              "dealer_station.resources", "dealer_station.docs"],
    package_dir={"dealer_station.resources": "resources", "dealer_station.docs": "docs"},
    package_data={
        "dealer_station": ["py.typed"],
        "drivers": ["py.typed"],
        "dealer_station.resources": ["**/*"],
        "dealer_station.docs": [f"{folder}/**/*" for folder in SHIPPED_DOCS],
    },
    include_package_data=False,
)
