// Device firmware releases (spec §2 /otamanagement): what a release targets and how its rollout
// moves. The spec names the screen only; the states and moves are ours (docs/ADMIN-SCREENS.md):
// a release is prepared as a draft, rolled out, may be paused and resumed, and ends completed;
// anything not yet completed can be withdrawn (a bad build is pulled).

export const FIRMWARE_DEVICE_TYPES = ['sensor', 'patch', 'pdm', 'transmitter'] as const;
export type FirmwareDeviceType = (typeof FIRMWARE_DEVICE_TYPES)[number];

export const FIRMWARE_STATES = ['draft', 'rolling_out', 'paused', 'completed', 'withdrawn'] as const;
export type FirmwareState = (typeof FIRMWARE_STATES)[number];

const MOVES: Readonly<Record<FirmwareState, readonly FirmwareState[]>> = {
  draft: ['rolling_out', 'withdrawn'],
  rolling_out: ['paused', 'completed', 'withdrawn'],
  paused: ['rolling_out', 'completed', 'withdrawn'],
  completed: [],
  withdrawn: [],
};

/** The states a release in `state` may move to (draft → rolling_out ⇄ paused → completed; any but completed → withdrawn). */
export function nextFirmwareStates(state: FirmwareState): readonly FirmwareState[] {
  return MOVES[state];
}

export function canMoveFirmware(from: FirmwareState, to: FirmwareState): boolean {
  return MOVES[from].includes(to);
}

/** Completed and withdrawn releases are history: they are not edited any more. */
export function isFirmwareFinal(state: FirmwareState): boolean {
  return MOVES[state].length === 0;
}

// Semantic Versioning 2.0.0 (semver.org), the grammar of its §2, §9 and §10: MAJOR.MINOR.PATCH with
// no leading zeros, an optional pre-release and build metadata.
const NUM = '(0|[1-9]\\d*)';
const PRE_ID = '(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
const SEMVER = new RegExp(
  `^${NUM}\\.${NUM}\\.${NUM}(?:-(${PRE_ID}(?:\\.${PRE_ID})*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$`,
);

export function isSemanticVersion(version: string): boolean {
  return version.length <= 64 && SEMVER.test(version);
}

/** A device serial as the apps report it: letters, digits and dashes, 3–40 characters. */
export function isDeviceSerial(serial: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/.test(serial);
}
