// Horreum: each farmer's grain and points; a farmer acts by clicking his own row.

import { h } from "/js/dom.js";
import { clickable } from "/boards/kit.js";

const GAME = "horreum";

function render(root, ctx) {
  const { view, text } = ctx;
  const farmers = view.grain.map((grain, seat) => {
    const row = h(
      "div",
      { class: "farmer", "data-seat": seat },
      h("strong", {}, text.seat(seat)),
      ` ${grain} · ${view.points[seat]}`,
    );
    return seat === ctx.seat ? clickable(row, ctx.legal, ctx) : row;
  });
  root.replaceChildren(h("div", { class: "granary", "data-game": GAME }, farmers));
}

export default { render };
