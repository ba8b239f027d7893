#!/bin/sh
# Debian's LibreOffice Calc (/usr/bin/soffice) for the test that opens the share-safe copy of a priced BOM and checks
# what its formulas compute, installed when missing. When it cannot be installed (no root, no apt-get, no mirror) this
# says so in one line and succeeds: that test is then skipped with the reason, the rest of the suite runs.
if sh "$(dirname "$0")/ensure-package.sh" libreoffice /usr/bin/soffice libreoffice-calc; then
  exit 0
fi
echo "ensure-libreoffice: LibreOffice Calc could not be installed; the share-safe workbook test will be skipped" >&2
exit 0
