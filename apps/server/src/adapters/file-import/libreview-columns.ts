// The columns of a LibreView CSV export. LibreView writes its headers in the language of the
// account's portal but always in the same order (a title line, then Device, Serial Number, Device
// Timestamp, Record Type, Historic Glucose <unit>, Scan Glucose <unit>, …, Strip Glucose <unit>,
// Ketone, …). A column is found by its name in the languages known below; a header row none of
// whose names is known is still LibreView's when it has the layout (the glucose columns carry
// their unit at their places), and its columns are then taken from their places.

export type LibreColumn = 'time' | 'type' | 'hist' | 'scan' | 'strip' | 'rapid' | 'carbs' | 'long' | 'notes';

/** Where LibreView puts each column (0-based), in every language. */
const PLACES: Record<LibreColumn, number> = {
  time: 2, type: 3, hist: 4, scan: 5, rapid: 7, carbs: 9, long: 12, notes: 13, strip: 14,
}; // prettier-ignore

/** Names per column: English, German, French, Italian, Spanish, Dutch (as LibreView writes them). */
const NAMES: Record<LibreColumn, RegExp> = {
  time: /^(Device Timestamp|Gerätezeitstempel|Horodatage de l.appareil|Timestamp (del )?dispositivo|Marca de tiempo del dispositivo|Sello de tiempo del dispositivo|Tijdstempel apparaat)$/i,
  type: /^(Record Type|Aufzeichnungstyp|Type d.enregistrement|Tipo (di )?registrazione|Tipo de registro|Type registratie|Registratietype)$/i,
  hist: /^(Historic Glucose|Glukosewert-Verlauf|Historique de la glycémie|Glucosio storico|Glucosa histórica|Historische glucose)/i,
  scan: /^(Scan Glucose|Glukose-Scan|Glycémie scannée|Glycémie par scan|Glucosio scansione|Glucosa escaneada|Gescande glucose)/i,
  strip:
    /^(Strip Glucose|Glukose-Teststreifen|Glycémie par bandelette|Glucosio striscia|Glucosa de tira|Strip-glucose)/i,
  rapid:
    /^(Rapid-Acting Insulin \(units\)|Schnellwirkendes Insulin \(Einheiten\)|Insuline à action rapide \(unités\)|Insulina ad azione rapida \(unità\)|Insulina de acción rápida \(unidades\)|Snelwerkende insuline \(eenheden\))$/i,
  carbs:
    /^(Carbohydrates \(grams\)|Kohlenhydrate \(Gramm\)|Glucides \(grammes\)|Carboidrati \(grammi\)|Carbohidratos \(gramos\)|Koolhydraten \(gram\))$/i,
  long: /^(Long-Acting Insulin( Value)? \(units\)|Depotinsulin \(Einheiten\)|Insuline à action lente \(unités\)|Insulina ad azione lenta \(unità\)|Insulina de acción lenta \(unidades\)|Langwerkende insuline \(eenheden\))$/i,
  notes: /^(Notes|Notizen|Remarques|Note|Notas|Notities)$/i,
};

const UNIT = /(mg\/dL|mmol\/L)\s*$/i;

/** The header row's index and each column's index (−1: absent), or null when not LibreView. */
export function libreColumns(rows: string[][]): { header: number; col: Record<LibreColumn, number> } | null {
  for (let h = 0; h < Math.min(rows.length, 5); h++) {
    const head = rows[h]!.map((c) => c.trim());
    const named = head.findIndex((c) => NAMES.type.test(c));
    const laidOut = head.length >= 14 && UNIT.test(head[PLACES.hist]!) && UNIT.test(head[PLACES.scan]!);
    if (named < 0 && !laidOut) continue;
    const col = {} as Record<LibreColumn, number>;
    for (const k of Object.keys(PLACES) as LibreColumn[]) {
      const byName = head.findIndex((c) => NAMES[k].test(c));
      col[k] = byName >= 0 ? byName : laidOut && PLACES[k] < head.length ? PLACES[k] : -1;
    }
    return { header: h, col };
  }
  return null;
}
