import './import-rows.css';

/** One row of a file import as the summary lists it: its row number, the cell shown, and what became of it. */
export interface ImportRowLine {
  row: number;
  value: string;
  outcome: string;
}

/**
 * The rows of an imported file with their outcome (the sheet import lists every row, the progress
 * import the rows it skipped). Scrolls inside its own box, so a long file keeps the dialog's buttons in view.
 */
export function ImportRows({ caption, valueHeader, outcomeHeader = 'Result', rows, more = 0 }: { caption: string; valueHeader: string; outcomeHeader?: string; rows: readonly ImportRowLine[]; more?: number }) {
  if (rows.length === 0) return null;
  return (
    <div className="import-rows" role="region" aria-label={caption} tabIndex={0}>
      <table className="import-rows-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">{valueHeader}</th>
            <th scope="col">{outcomeHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <td className="import-rows-value">{r.value === '' ? <span className="faint">(empty)</span> : r.value}</td>
              <td>{r.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <p className="faint import-rows-more">…and {more} more rows not listed</p>}
    </div>
  );
}
