import { useId } from 'react';
import { useNavigate } from 'react-router';
import './tab-menu.css';

export interface TabMenuItem {
  to: string;
  label: string;
}

/**
 * A row of tabs as one labelled menu on a phone (issue 18: "3 of 14 report tabs are visible"). It
 * stands just before the tab row: CSS shows the menu and hides the row (class `tab-row`) on a narrow
 * screen, so both name the same places and the current one.
 */
export function TabMenu(props: { label: string; items: readonly TabMenuItem[]; current: number }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <div className="tab-menu">
      <label htmlFor={id} className="tab-menu__label">
        {props.label}
      </label>
      <select
        id={id}
        className="tab-menu__select"
        value={props.current >= 0 ? String(props.current) : ''}
        onChange={(e) => {
          const item = props.items[Number(e.target.value)];
          if (item) void navigate(item.to);
        }}
      >
        {props.current < 0 && <option value="">—</option>}
        {props.items.map((item, i) => (
          <option key={item.to} value={String(i)}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}
