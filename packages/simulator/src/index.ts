// A seeded virtual patient with a CGM sensor, a patch pump and its PDM (DESIGN.md "packages/
// simulator"): deterministic device history of any length, a live stream, and the PDM settings.
export type {
  Behaviour,
  BgTargetSegment,
  Control,
  ExerciseHabit,
  Intensity,
  MealHabit,
  PatientProfile,
  Physiology,
  Serials,
  Therapy,
} from './profile';
export { CONTROL_INTENT, RESERVOIR_CAPACITY_U, tirIntent } from './profile';
export type { Segment } from './segments';
export type { AutoTarget, MealName, PatternName } from './codes';
export { randomProfile } from './random-profile';
export { pdmSettingsOf } from './pdm-settings';
export { createVirtualPatient, VirtualPatient, type VirtualPatientOptions } from './virtual-patient';
export { generateHistory, type History, type HistoryOptions } from './history';
export { realClock, simulateLive, type LiveBatch, type LiveClock, type LiveOptions } from './live';
export { Uploader, FatalUploadError, type UploaderOptions, type UploadTotals } from './uploader';
export { Rng } from './random';
