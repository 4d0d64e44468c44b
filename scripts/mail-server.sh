#!/usr/bin/env bash
# The SMTP server the tests send to: aiosmtpd (PyPI) in .venv-smtpd, installed once. Prints the
# venv's python, which runs it: `python -m aiosmtpd -n -l 127.0.0.1:PORT -c aiosmtpd.handlers.Mailbox DIR`
# writes each message received as a file in DIR/new/.
set -euo pipefail
cd "$(dirname "$0")/.."
aiosmtpd_version="1.4.6"
venv="$PWD/.venv-smtpd"
if ! "$venv/bin/python" -c "import aiosmtpd" >/dev/null 2>&1; then
  echo "== Installing aiosmtpd $aiosmtpd_version into .venv-smtpd" >&2
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet "aiosmtpd==$aiosmtpd_version" >&2
fi
echo "$venv/bin/python"
