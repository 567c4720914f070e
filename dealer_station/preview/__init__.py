"""Previews of the product, kept out of it (issue 15): scripted rounds (:mod:`.scripts`), named
screen states (:mod:`.scenes`), a journal-less station (:mod:`.memory_station`) and its
controllers (:mod:`.controllers`), the dealer's screenshots (:mod:`.screenshot`), demo tables with
history and their staff screenshots (:mod:`.demo`, :mod:`.shots`).

Used by the ``screenshot`` command, the tests and ``docs/screenshots/``; the product's screens
never import it (``tests/unit/test_product_never_imports_preview.py``). The PINs in
:mod:`.demo` are demo tables' PINs, never a real table's.
"""
