#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser): its headless shell, which took about a
# fifth less CPU than the full browser for the same specs, and the full browser for the specs of
# notifications, which the shell lacks (playwright.config.ts), with the fonts the layout specs measure. Install
# them when missing and allowed.
set -euo pipefail
missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2; exit 1; }
  exit 0
fi
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The layout specs measure text in Liberation Sans (Arial's widths), which Chromium's package recommends: with
# only DejaVu Sans, a wider face, "Mark as unread" wrapped where a phone's font keeps it on one line.
fc-list 2>/dev/null | grep -q 'Liberation Sans' || missing+=(fonts-liberation)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Browser tests need Debian's ${missing[*]}: install with 'sudo apt-get install ${missing[*]}' (or set CHROMIUM_PATH to one Chromium for all)." >&2
exit 1
