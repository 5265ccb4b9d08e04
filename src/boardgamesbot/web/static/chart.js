// An SVG line chart of each player's score across scoring rounds or seasons.
import { h, s } from "./dom.js";
import { t } from "./i18n.js";

/** data: {labels: [..], series: [[value per label] per seat], title} */
export function scoreChart(data, ctx) {
  if (!data || !data.labels.length) return null;
  const width = 480, height = 240, left = 40, right = 34, top = 16, bottom = 36;
  const values = data.series.flat();
  // The lines at round steps, from one at or under the lowest score to one at or over the
  // highest: a quarter of the range, rounded, marked 17, 9, 2, -6 and -14 (numbers to work
  // out), and no line at 0, which a season's stars go below.
  const highest = Math.max(1, ...values), lowest = Math.min(0, ...values);
  const step = roundStep(highest - lowest, 4);
  const max = Math.ceil(highest / step) * step;
  const min = Math.floor(lowest / step) * step;
  const x = (i) => left + (data.labels.length === 1 ? (width - left - right) / 2 : (i * (width - left - right)) / (data.labels.length - 1));
  const y = (v) => top + ((max - v) * (height - top - bottom)) / (max - min || 1);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-labelledby": "chart-title" },
    s("title", { id: "chart-title" }, data.title || t("chart.title")));
  for (let v = min; v <= max; v += step) {
    svg.append(s("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }),
      s("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, v));
  }
  data.labels.forEach((label, i) => svg.append(s("text", { x: x(i), y: height - 12, "text-anchor": "middle", class: "axis" }, label)));
  data.series.forEach((points, seat) => {
    const colour = ctx.colour(seat);
    svg.append(s("polyline", { points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 3 }));
    points.forEach((v, i) => svg.append(s("circle", { cx: x(i), cy: y(v), r: 4, fill: colour }, s("title", {}, `${ctx.name(seat)}: ${v}`))));
  });
  const legend = h("ul", { class: "legend" }, data.series.map((_, seat) =>
    h("li", {}, h("span", { class: "swatch", style: `background:${ctx.colour(seat)}` }), ` ${ctx.name(seat)}`)));
  return h("figure", { class: "chart-figure" }, svg, h("figcaption", {}, data.title || t("chart.title")), legend);
}

/** The least step of 1, 2 or 5 times a power of ten (a whole number: scores are) that
 * spans `range` in at most `lines` steps. */
function roundStep(range, lines) {
  const rough = Math.max(1, range / lines);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough);
}
