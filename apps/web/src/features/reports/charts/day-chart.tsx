import type { GlucoseUnit } from '@cgm/domain';
import { runsPath, type DayModel } from './shaping';
import { GlucoseAxis, glucoseScale, linear, PAD_L, PAD_R, SvgChart, TimeAxis, VIEW_W } from './svg-frame';

// One day of the daily report: markers along the top (boluses, events, alarms, sensor and patch
// changes), sensor glucose with the target band, fingersticks and calibrations, a strip of auto
// mode micro-boluses (correction and food, spec §3 "auto mode correction bolus"), and the basal
// steps along the bottom (scheduled, temporary, auto mode; suspends and stops as red bars) with
// auto mode's start and exit marked across them.
// Each marker carries a <title>: its details show on hover and are read by screen readers.

const H = 392;
const MARK_Y = 14;
const G_TOP = 34;
const G_BOTTOM = 250;
const A_TOP = 260;
const A_BOTTOM = 284;
const B_TOP = 294;
const B_BOTTOM = 362;
/** Width of one auto mode sample (6 minutes, spec §9) on the time axis. */
const SAMPLE_MIN = 6;

export interface DayChartText {
  title: string;
  description: string;
  bolus: (b: DayModel['boluses'][number]) => string;
  bg: (b: DayModel['bg'][number]) => string;
  /** A reading flagged C or CX: "reading not valid: calibration", with its time. */
  flagged: (f: DayModel['flagged'][number]) => string;
  event: (e: DayModel['events'][number]) => string;
  alarm: (a: DayModel['alarms'][number]) => string;
  session: (s: DayModel['sessions'][number]) => string;
  basal: (s: DayModel['basal'][number]) => string;
  autoBolus: (b: DayModel['autoBoluses'][number]) => string;
  autoMark: (m: DayModel['autoMarks'][number]) => string;
  basalAxis: string;
  /** The micro-bolus strip's upper value ("0.15") and its unit ("U"), as the basal axis reads. */
  autoAxis: string;
  autoUnit: string;
}

export function DayChart(props: {
  model: DayModel;
  unit: GlucoseUnit;
  low: number;
  high: number;
  formatGlucose: (v: number) => string;
  formatRate: (v: number) => string;
  text: DayChartText;
}) {
  const { model: m, text } = props;
  const x1 = VIEW_W - PAD_R;
  const sx = linear(0, m.length, PAD_L, x1);
  const sy = glucoseScale(props.unit, G_TOP, G_BOTTOM);
  const sb = linear(0, m.basalMax, B_BOTTOM, B_TOP);
  const sa = linear(0, m.autoBolusMax, A_BOTTOM, A_TOP);
  const sampleW = Math.max(1, sx(SAMPLE_MIN) - sx(0));
  return (
    <SvgChart title={text.title} description={text.description} height={H} className="rchart--day">
      <GlucoseAxis
        unit={props.unit}
        sy={sy}
        x0={PAD_L}
        x1={x1}
        low={props.low}
        high={props.high}
        format={props.formatGlucose}
      />
      <TimeAxis sx={sx} y={B_BOTTOM} top={G_TOP} length={m.length} />
      <line className="rchart__grid" x1={PAD_L} x2={x1} y1={B_TOP} y2={B_TOP} />
      <text className="rchart__axis" x={PAD_L - 6} y={B_TOP + 10} textAnchor="end">
        {props.formatRate(m.basalMax)}
      </text>
      <text className="rchart__axis" x={PAD_L - 6} y={B_BOTTOM} textAnchor="end">
        {text.basalAxis}
      </text>
      {m.basal.map((s, i) => {
        const stopped =
          s.rate === 0 && s.series !== 'basal' && s.series !== 'tempBasal' && s.series !== 'autoModeBasal';
        const y = stopped ? B_TOP : sb(s.rate);
        return (
          <rect
            key={i}
            className={`rchart__basal rchart__basal--${stopped ? 'stop' : s.series}`}
            x={sx(s.start)}
            y={y}
            width={Math.max(0.5, sx(s.end) - sx(s.start))}
            height={Math.max(stopped ? B_BOTTOM - B_TOP : 0.5, B_BOTTOM - y)}
          >
            <title>{text.basal(s)}</title>
          </rect>
        );
      })}
      {m.autoBoluses.length > 0 && (
        <g className="rchart__auto-strip">
          <line className="rchart__grid" x1={PAD_L} x2={x1} y1={A_BOTTOM} y2={A_BOTTOM} />
          <text className="rchart__axis" x={PAD_L - 6} y={A_TOP + 8} textAnchor="end">
            {text.autoAxis}
          </text>
          <text className="rchart__axis" x={PAD_L - 6} y={A_BOTTOM} textAnchor="end">
            {text.autoUnit}
          </text>
          {m.autoBoluses.map((b, i) => {
            const yCorr = sa(b.correction);
            const yTop = sa(b.correction + b.food);
            return (
              <g key={i} className="rchart__auto-bolus">
                <title>{text.autoBolus(b)}</title>
                {b.correction > 0 && (
                  <rect
                    className="rchart__auto-bolus--correction"
                    x={sx(b.x)}
                    y={yCorr}
                    width={sampleW}
                    height={A_BOTTOM - yCorr}
                  />
                )}
                {b.food > 0 && (
                  <rect
                    className="rchart__auto-bolus--food"
                    x={sx(b.x)}
                    y={yTop}
                    width={sampleW}
                    height={yCorr - yTop}
                  />
                )}
              </g>
            );
          })}
        </g>
      )}
      {m.autoMarks.map((a, i) => {
        const x = sx(a.x);
        return (
          <g key={i} className={`rchart__automark rchart__automark--${a.kind}`}>
            <title>{text.autoMark(a)}</title>
            <line x1={x} x2={x} y1={B_TOP - 4} y2={B_BOTTOM} />
            <path d={`M${x - 5} ${B_TOP - 10}L${x + 5} ${B_TOP - 10}L${x} ${B_TOP - 2}Z`} />
          </g>
        );
      })}
      <path className="rchart__sg" d={runsPath(m.sg, sx, sy)} />
      {/* C/CX: a cross at the floor in a neutral colour, apart from the line, never drawn as a low. */}
      {m.flagged.map((f, i) => {
        const x = sx(f.x);
        const y = sy(f.y);
        return (
          <g key={`f${i}`} className="rchart__flagged">
            <title>{text.flagged(f)}</title>
            <path d={`M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x - 4} ${y + 4}L${x + 4} ${y - 4}`} />
          </g>
        );
      })}
      {m.bg.map((b, i) => (
        <circle key={i} className={`rchart__bg rchart__bg--${b.kind}`} cx={sx(b.x)} cy={sy(b.y)} r={5}>
          <title>{text.bg(b)}</title>
        </circle>
      ))}
      {m.boluses.map((b, i) => {
        const x = sx(b.x);
        const ext = b.extended_duration_min ? sx(b.x + b.extended_duration_min) - x : 0;
        return (
          <g key={i} className={`rchart__bolus rchart__bolus--${b.kind}`}>
            <title>{text.bolus(b)}</title>
            {ext > 0 && <rect x={x} y={MARK_Y - 3} width={ext} height={6} rx={2} />}
            <path d={`M${x - 6} ${MARK_Y - 6}L${x + 6} ${MARK_Y - 6}L${x} ${MARK_Y + 6}Z`} />
            <line className="rchart__bolus-line" x1={x} x2={x} y1={MARK_Y + 6} y2={G_BOTTOM} />
          </g>
        );
      })}
      {m.events.map((e, i) => (
        <g key={i} className="rchart__event">
          <title>{text.event(e)}</title>
          <circle cx={sx(e.x)} cy={MARK_Y + 12} r={5} />
        </g>
      ))}
      {m.alarms.map((a, i) => {
        const x = sx(a.x);
        const y = MARK_Y + 12;
        return (
          <g key={i} className={`rchart__alarm rchart__alarm--${a.source}`}>
            <title>{text.alarm(a)}</title>
            <path d={`M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`} />
          </g>
        );
      })}
      {m.sessions.map((s, i) => {
        const x = sx(s.x);
        return (
          <g key={i} className={`rchart__session rchart__session--${s.kind}`}>
            <title>{text.session(s)}</title>
            <rect x={x - 5} y={MARK_Y - 5} width={10} height={10} />
            <line x1={x} x2={x} y1={MARK_Y + 5} y2={B_BOTTOM} />
          </g>
        );
      })}
    </SvgChart>
  );
}
