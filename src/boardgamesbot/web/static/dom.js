// Tiny DOM and SVG builders: h("button", {class: "x", onclick}, "text").
export const SVG_NS = "http://www.w3.org/2000/svg";

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else if (key === "value" && "value" in element && !(element instanceof SVGElement)) {
      element.value = value;
    } else if (key === "checked" || key === "selected" || key === "disabled") {
      element[key] = Boolean(value);
      if (value) element.setAttribute(key, "");
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Make an element act as a button for mouse and keyboard (Enter / Space). */
export function clickable(element, label, handler) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.classList.add("clickable");
  element.addEventListener("click", handler);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler(event);
    }
  });
  return element;
}

// Twelve distinct colours (a game may seat many players); they repeat after that.
export const PLAYER_COLOURS = ["#c0392b", "#1f6fb2", "#d4a017", "#7d3c98", "#1e8449", "#d35400",
  "#17a2b8", "#8e5b3a", "#e84393", "#2d3436", "#6c8a00", "#5f27cd"];
