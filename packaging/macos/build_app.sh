#!/usr/bin/env bash
# frostdesk for macOS: dist/frostdesk.app inside dist/frostdesk-<version>.dmg.
#
#   packaging/macos/build_app.sh               bundle (packaging/build.py), sign, DMG, check
#   packaging/macos/build_app.sh --skip-build  reuse an existing dist/frostdesk.app
#
# 1. python packaging/build.py: PyInstaller builds dist/frostdesk.app (BUNDLE in the spec, with
#    packaging/macos/Info.plist) and smoke-tests it (selftest, validate, --version).
# 2. Info.plist is checked (name, version, icon, HiDPI, .frostdesk document type).
# 3. Signing: with MACOS_SIGN_IDENTITY (e.g. "Developer ID Application: Name (TEAMID)", its
#    certificate in a keychain) every Mach-O file, every framework and then the app are signed
#    inside-out with the hardened runtime and a secure timestamp (entitlements.plist);
#    without it the app is signed ad hoc (`codesign --force --deep -s -`), which Apple silicon
#    needs to run anything at all. The signed app is smoke-tested again.
# 4. DMG: a staging folder with frostdesk.app and an Applications symlink, via hdiutil (UDZO).
# 5. Notarisation, when MACOS_SIGN_IDENTITY, APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD
#    (an app-specific password) are all set: notarytool submit --wait, then the ticket is
#    stapled to the DMG.
# 6. The DMG is mounted read-only and the app in it runs --version and selftest.
#
# Environment: PYTHON (default python3), MACOS_SIGN_IDENTITY, APPLE_ID, APPLE_TEAM_ID,
# APPLE_APP_PASSWORD, KEYCHAIN (optional keychain to search for the identity).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

python="${PYTHON:-python3}"
skip_build=0
for arg in "$@"; do
  case "$arg" in
    --skip-build) skip_build=1 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "build_app.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

if [[ "$(uname -s)" != "Darwin" ]]; then
  echo "build_app.sh: macOS only (codesign, hdiutil, notarytool)" >&2
  exit 2
fi

version="$("$python" packaging/version.py)"
app="dist/frostdesk.app"
dmg="dist/frostdesk-${version}.dmg"
identity="${MACOS_SIGN_IDENTITY:-}"
entitlements="$here/entitlements.plist"
keychain_args=()
if [[ -n "${KEYCHAIN:-}" ]]; then
  keychain_args=(--keychain "$KEYCHAIN")
fi

echo "== frostdesk $version: $app -> $dmg"

# ----------------------------------------------------------------------------- 1. bundle
if (( ! skip_build )); then
  "$python" packaging/build.py
fi
if [[ ! -d "$app" ]]; then
  echo "build_app.sh: $app is missing (run python packaging/build.py on macOS)" >&2
  exit 1
fi

# ----------------------------------------------------------------------------- 2. Info.plist
"$python" packaging/macos/info_plist.py --check "$app"

# ----------------------------------------------------------------------------- 3. sign
is_macho() { file -b "$1" | grep -q 'Mach-O'; }

sign_developer_id() {
  local opts=(--force --timestamp --options runtime --sign "$identity" ${keychain_args[@]+"${keychain_args[@]}"})
  echo "== signing with '$identity' (hardened runtime, inside-out)"
  # Loose Mach-O files: Python extension modules, dylibs, Qt plugins, extra executables.
  local count=0
  while IFS= read -r -d '' f; do
    if is_macho "$f"; then
      codesign "${opts[@]}" "$f"
      count=$((count + 1))
    fi
  done < <(find "$app/Contents" -type f ! -path '*.framework/*' \
             ! -path "$app/Contents/MacOS/frostdesk" -print0)
  # Frameworks (Qt): signing the framework bundle signs its binary and seals its resources.
  while IFS= read -r -d '' fw; do
    codesign "${opts[@]}" "$fw"
    count=$((count + 1))
  done < <(find "$app/Contents" -type d -name '*.framework' -print0)
  echo "   signed $count nested items"
  # The app last: its main executable carries the entitlements.
  codesign "${opts[@]}" --entitlements "$entitlements" "$app"
}

if [[ -n "$identity" ]]; then
  sign_developer_id
else
  echo "== ad-hoc signing (set MACOS_SIGN_IDENTITY for a Developer ID signature)"
  codesign --force --deep -s - "$app"
fi
codesign --verify --deep --strict --verbose=2 "$app"
codesign --display --verbose=2 "$app" 2>&1 | grep -E '^(Identifier|Format|Authority|Signature|Runtime|TeamIdentifier)' || true

# The signature must not have broken anything (library validation, hardened runtime).
"$python" packaging/build.py --skip-build

# ----------------------------------------------------------------------------- 4. DMG
staging="$(mktemp -d "${TMPDIR:-/tmp}/frostdesk-dmg.XXXXXX")"
mountpoint=""
cleanup() {
  if [[ -n "$mountpoint" ]]; then hdiutil detach "$mountpoint" -quiet || true; fi
  rm -rf "$staging"
}
trap cleanup EXIT

ditto "$app" "$staging/frostdesk.app"
ln -s /Applications "$staging/Applications"
rm -f "$dmg"
echo "== hdiutil create $dmg"
# hdiutil sometimes fails with "Resource busy" on CI machines: retry a few times.
for attempt in 1 2 3 4 5; do
  if hdiutil create -volname "frostdesk $version" -srcfolder "$staging" -fs HFS+ \
       -format UDZO -imagekey zlib-level=9 -ov "$dmg"; then
    break
  fi
  if (( attempt == 5 )); then
    echo "build_app.sh: hdiutil create failed" >&2
    exit 1
  fi
  echo "   hdiutil failed (attempt $attempt); retrying" >&2
  sleep $((attempt * 5))
done
if [[ -n "$identity" ]]; then
  codesign --force --timestamp --sign "$identity" ${keychain_args[@]+"${keychain_args[@]}"} "$dmg"
fi

# ----------------------------------------------------------------------------- 5. notarise
if [[ -n "$identity" && -n "${APPLE_ID:-}" && -n "${APPLE_TEAM_ID:-}" && -n "${APPLE_APP_PASSWORD:-}" ]]; then
  echo "== notarising $dmg"
  result="$(xcrun notarytool submit "$dmg" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
              --password "$APPLE_APP_PASSWORD" --wait --timeout 1h --output-format json)"
  echo "$result"
  status="$(printf '%s' "$result" | "$python" -c 'import json,sys; print(json.load(sys.stdin).get("status",""))')"
  if [[ "$status" != "Accepted" ]]; then
    submission="$(printf '%s' "$result" | "$python" -c 'import json,sys; print(json.load(sys.stdin).get("id",""))')"
    if [[ -n "$submission" ]]; then
      xcrun notarytool log "$submission" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
        --password "$APPLE_APP_PASSWORD" || true
    fi
    echo "build_app.sh: notarisation status '$status'" >&2
    exit 1
  fi
  xcrun stapler staple "$dmg"
  xcrun stapler validate "$dmg"
  spctl --assess --type open --context context:primary-signature --verbose=2 "$dmg"
elif [[ -n "$identity" ]]; then
  echo "== not notarised (set APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD)"
else
  echo "== not notarised (ad-hoc signature: Gatekeeper asks players to confirm the first start)"
fi

# ----------------------------------------------------------------------------- 6. check the DMG
mountpoint="$(mktemp -d "${TMPDIR:-/tmp}/frostdesk-mnt.XXXXXX")"
hdiutil attach "$dmg" -readonly -nobrowse -noautoopen -mountpoint "$mountpoint" -quiet
test -L "$mountpoint/Applications"
home="$(mktemp -d "${TMPDIR:-/tmp}/frostdesk-home.XXXXXX")"
(
  cd "$home"
  export FROSTDESK_HOME="$home" QT_QPA_PLATFORM=offscreen
  unset PYTHONPATH PYTHONHOME FROSTDESK_DATA
  "$mountpoint/frostdesk.app/Contents/MacOS/frostdesk" --version
  "$mountpoint/frostdesk.app/Contents/MacOS/frostdesk" selftest
)
rm -rf "$home"
hdiutil detach "$mountpoint" -quiet
mountpoint=""

size="$(du -sh "$dmg" | cut -f1)"
echo "== done: $dmg ($size)"
