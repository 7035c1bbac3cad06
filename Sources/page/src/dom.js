// Elements made and found: the one place that reaches for the global document.

export function make(tag, className, parent) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (parent) parent.appendChild(element);
  return element;
}

export function byId(id) {
  return document.getElementById(id);
}
