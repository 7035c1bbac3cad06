// The viewer's info panel, describing the item shown (details.js says what it holds).
import { renderCaption } from './captions.js';
import { infoRows } from './details.js';
import { byId, make } from './dom.js';
import { state } from './state.js';

const viewer = byId('viewer');
const info = viewer.querySelector('.info');
const infoList = info.querySelector('dl');
const infoButton = viewer.querySelector('.info-button');

export function infoShown() {
  return !info.hidden;
}

export function showInfo(visible) {
  info.hidden = !visible;
  infoButton.setAttribute('aria-expanded', visible ? 'true' : 'false');
  if (visible) fillInfo(state.shownItem);
}

infoButton.addEventListener('click', () => showInfo(!infoShown()));

export function fillInfo(item) {
  infoList.textContent = '';
  if (!item) return;
  for (const row of infoRows(item)) {
    make('dt', null, infoList).textContent = row.label;
    const cell = make('dd', row.className, infoList);
    if (row.text !== undefined) {
      cell.textContent = row.text;
    } else if (row.caption) {
      renderCaption(row.caption, make('div', null, cell));
    } else {
      const link = make('a', 'download', cell);
      link.href = row.link.href;
      link.setAttribute('download', '');
      link.textContent = row.link.text;
    }
  }
}
