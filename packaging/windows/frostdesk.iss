; frostdesk for Windows: Inno Setup 6 script producing dist\frostdesk-<version>-setup.exe.
;
; Build the bundle first (python packaging\build.py makes dist\frostdesk\), then:
;
;   iscc /DAppVersion=0.1.0 /DAppVersionNumeric=0.1.0.0 packaging\windows\frostdesk.iss
;
; (the release workflow passes the output of `python packaging/version.py` and
; `python packaging/version.py --windows`, so the version comes from pyproject.toml only).
;
; Per-user install without administrator rights into %LOCALAPPDATA%\Programs\frostdesk,
; a Start-menu entry, an optional desktop shortcut, an uninstaller (Settings > Apps), and the
; .frostdesk file association under HKCU\Software\Classes: double-clicking a save runs
; frostdesk.exe "<save>". Saves and settings live in the user's profile and survive uninstall.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\frostdesk.iss
#endif
#ifndef AppVersionNumeric
  #define AppVersionNumeric AppVersion
#endif
; Folders relative to this script.
#ifndef BundleDir
  #define BundleDir "..\..\dist\frostdesk"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

#define AppName "frostdesk"
#define AppExeName "frostdesk.exe"
#define AppPublisher "frostdesk"
#define SaveExt ".frostdesk"
#define SaveProgId "frostdesk.save"

[Setup]
; AppId identifies the installation for upgrades and the uninstaller: never change it.
AppId={{2C39060F-288B-4895-9ACB-A7233677B2D5}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
VersionInfoVersion={#AppVersionNumeric}
VersionInfoProductVersion={#AppVersionNumeric}
VersionInfoDescription={#AppName} setup
VersionInfoProductName={#AppName}
; Per user, no UAC prompt: {autopf} is %LOCALAPPDATA%\Programs, registry roots are HKCU.
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
DisableDirPage=auto
UsePreviousAppDir=yes
OutputDir={#OutputDir}
OutputBaseFilename=frostdesk-{#AppVersion}-setup
SetupIconFile=..\icons\frostdesk.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
; Qt 6 needs 64-bit Windows 10 (1809) or later. Inno Setup 6.3 renamed x64 to x64compatible
; (which also admits Windows on Arm, running the x64 build emulated).
#if Ver >= EncodeVer(6, 3, 0)
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
#else
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
#endif
MinVersion=10.0.17763
ChangesAssociations=yes
CloseApplications=yes
RestartApplications=no

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole bundle: no stale DLLs from an older Qt or Python.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"; Comment: "Frost-themed tabletop games"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; WorkingDir: "{app}"; Tasks: desktopicon

[Registry]
; .frostdesk saves open in frostdesk (per user: HKCU\Software\Classes).
Root: HKCU; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: ""; ValueData: "{#SaveProgId}"; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-frostdesk"; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\{#SaveExt}\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKCU; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "frostdesk saved game"; Flags: uninsdeletekey
Root: HKCU; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExeName},0"
Root: HKCU; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExeName}"" ""%1"""
Root: HKCU; Subkey: "Software\Classes\Applications\{#AppExeName}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKCU; Subkey: "Software\Classes\Applications\{#AppExeName}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""
Root: HKCU; Subkey: "Software\Classes\Applications\{#AppExeName}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExeName}"" ""%1"""

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
