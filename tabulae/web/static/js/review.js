// A game review on the replay page (docs/server.md, "Game reviews"): one seat's decisions judged
// by the strongest bot. The server computes it in the background, so the page asks again every
// second or two and shows how far it is; once done, each decision is marked in the list of the
// seat's steps, the viewed step tells its loss and the best move, a chart follows every seat's
// expected result over the game, and the turning points move the replay to their step.

import * as api from "./api.js";
import { fill, h, s } from "./dom.js";

const POLL_MS = 1500;
const MOST_WAIT_S = 30; // a busy server's retry_after, bounded
// Each seat's line in its colour at the table (tabulae.css), and a dash of its own for who
// tells colours apart badly.
const colour = (seat) => `var(--seat-${seat % 6})`;
const DASHES = [null, "6 3", "2 3", "8 3 2 3", "4 4", "1 2"];

/** The review panel: `go(step)` moves the replay, `at()` is the step it shows, `changed()`
 *  redraws what depends on the review (the viewed step). */
export function reviewPanel({ tableId, game, players, go, at, changed, seat = 0 }) {
  const element = h("section", { class: "review", id: "review", "aria-labelledby": "review-title" });
  const state = { text: null, seat, progress: null, review: null, error: null, timer: null, asking: 0, x: null };

  async function ask(seat) {
    const asking = ++state.asking;
    clearTimeout(state.timer);
    state.seat = seat;
    let answer;
    try {
      answer = await api.review(tableId, seat);
    } catch (error) {
      if (asking !== state.asking) return;
      state.progress = null;
      state.error = error.message;
      const wait = Number(error.extra?.retry_after);
      if (error.status === 503 || error.status === 429) {
        state.timer = setTimeout(() => ask(seat), Math.min(MOST_WAIT_S, Math.max(1, wait || 1)) * 1000);
      }
      render();
      return;
    }
    if (asking !== state.asking) return;
    state.error = null;
    if (answer.status === "done") {
      state.progress = null;
      state.review = answer;
      changed();
    } else {
      state.progress = answer;
      state.timer = setTimeout(() => ask(seat), POLL_MS);
    }
    render();
  }

  function start(seat) {
    state.review = null;
    state.progress = { done: 0, total: 0 };
    const address = new URL(location.href);
    address.searchParams.set("review", String(seat));
    history.replaceState(null, "", address);
    render();
    changed();
    ask(seat);
  }

  /** A mark as a coloured dot and its words (docs/bots.md, "Game review"). */
  function markOf(mark) {
    const t = state.text.t.bind(state.text);
    const words = { good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") };
    return h(
      "span",
      { class: `mark mark-${mark}`, "data-mark": mark },
      h("span", { class: "mark-dot", "aria-hidden": "true" }),
      words[mark] ?? mark,
    );
  }

  function loss(value) {
    const text = state.text;
    return state.review.measure === "wins" ? `${text.number(Math.round(value * 100))} %` : text.number(value, 1);
  }

  function stepWords(number) {
    const text = state.text;
    const played = state.review.decisions.find((decision) => decision.number === number)?.played;
    return played
      ? text.t("Action {number}: {action}", { number, action: text.action(played, game) })
      : text.t("Action {at} of {last}", { at: number, last: state.review.series.at(-1)?.number ?? number });
  }

  function jump(number) {
    return (event) => {
      event.preventDefault();
      go(number);
    };
  }

  function render() {
    const text = state.text;
    if (!text) return;
    const t = text.t.bind(text);
    const review = state.review;
    const choice = h(
      "div",
      { class: "review-choice" },
      h(
        "label",
        {},
        t("Review the decisions of"),
        " ",
        h(
          "select",
          { id: "review-seat", onchange: (event) => (state.seat = Number(event.target.value)) },
          text.names.map((name, seat) => h("option", { value: seat, selected: seat === state.seat }, name)),
        ),
      ),
      " ",
      h("button", { type: "button", id: "review-start", onclick: () => start(state.seat) }, t("Review")),
    );
    const progress =
      state.progress &&
      h(
        "p",
        { id: "review-progress", role: "status" },
        state.progress.total
          ? t("Judging decision {done} of {total}…", {
              done: Math.min(state.progress.done + 1, state.progress.total),
              total: state.progress.total,
            })
          : t("The review is starting…"),
      );
    const error = state.error && h("p", { class: "notice", id: "review-error", role: "alert" }, state.error);
    fill(element, h("h2", { id: "review-title" }, t("Review")), choice, progress, error, review && renderReview());
  }

  function renderReview() {
    const text = state.text;
    const t = text.t.bind(text);
    const review = state.review;
    const name = text.seat(review.seat);
    if (review.decisions.length === 0) {
      return h("p", { id: "review-nothing" }, t("{name} had no choice to make: nothing to review.", { name }));
    }
    const now = at();
    const turning = review.turning_points.length
      ? h(
          "ol",
          { id: "review-turning" },
          review.turning_points.map((number) =>
            h("li", {}, h("a", { href: `#step-${number}`, "data-step": number, onclick: jump(number) }, stepWords(number))),
          ),
        )
      : h("p", {}, t("No turning point: every move played was the best the search found."));
    return [
      renderChart(now),
      h("h3", {}, t("Turning points")),
      turning,
      h("h3", {}, t("Decisions of {name}", { name })),
      h(
        "ol",
        { id: "review-steps", class: "review-steps" },
        review.decisions.map((decision) =>
          h(
            "li",
            { "data-step": decision.number, "data-mark": decision.mark, class: decision.number === now ? "current" : null },
            h(
              "a",
              {
                href: `#step-${decision.number}`,
                onclick: jump(decision.number),
                "aria-current": decision.number === now ? "step" : null,
              },
              stepWords(decision.number),
            ),
            " ",
            markOf(decision.mark),
          ),
        ),
      ),
    ];
  }

  /** Every seat's expected result over the game, one line each, and the viewed step. */
  function renderChart(now) {
    const text = state.text;
    const t = text.t.bind(text);
    const series = state.review.series;
    const width = 320;
    const height = 140;
    const pad = 6;
    const last = Math.max(1, series.at(-1)?.number ?? 1);
    const values = series.flatMap((point) => point.expected);
    const wins = state.review.measure === "wins";
    const low = wins ? 0 : Math.min(0, ...values);
    const high = wins ? 1 : Math.max(low + 1, ...values);
    const x = (number) => pad + ((width - 2 * pad) * number) / last;
    state.x = x;
    const y = (value) => height - pad - ((height - 2 * pad) * (value - low)) / (high - low);
    const title = wins ? t("Expected share of wins over the game") : t("Expected final score over the game");
    const lines = Array.from({ length: players }, (_, seat) =>
      s("polyline", {
        class: "review-line",
        "data-seat": seat,
        fill: "none",
        style: `stroke: ${colour(seat)}`,
        "stroke-width": seat === state.review.seat ? 2.5 : 1.5,
        "stroke-dasharray": DASHES[seat % DASHES.length],
        points: series.map((point) => `${x(point.number).toFixed(1)},${y(point.expected[seat]).toFixed(1)}`).join(" "),
      }),
    );
    const chart = s(
      "svg",
      { id: "review-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, preserveAspectRatio: "none" },
      s("title", {}, title),
      s("rect", { x: 0, y: 0, width, height, class: "review-chart-ground" }),
      wins && s("line", { x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5), class: "review-chart-middle" }),
      s("line", { x1: x(now), x2: x(now), y1: 0, y2: height, class: "review-chart-now" }),
      lines,
    );
    const legend = h(
      "ul",
      { class: "review-legend", id: "review-legend" },
      text.names.map((name, seat) =>
        h(
          "li",
          { "data-seat": seat },
          h("span", { class: "review-swatch", style: `border-top: 3px ${DASHES[seat % DASHES.length] ? "dashed" : "solid"} ${colour(seat)}` }),
          name,
        ),
      ),
    );
    return h("figure", { class: "review-figure" }, h("figcaption", {}, title), chart, legend);
  }

  /** What the review says of the viewed step, if it judged it: its mark, loss and best move. */
  function stepDetail(number) {
    const review = state.review;
    const decision = review?.decisions.find((each) => each.number === number);
    if (!decision) return null;
    const text = state.text;
    const t = text.t.bind(text);
    const best = decision.loss > 0 && decision.best ? text.action(decision.best, game) : null;
    return h(
      "div",
      { class: "review-step", id: "review-step" },
      markOf(decision.mark),
      " ",
      h("span", { id: "review-loss" }, t("Loss: {loss}", { loss: loss(decision.loss) })),
      h("p", { id: "review-best" }, best ? t("Best move: {action}", { action: best }) : t("The move played was the best the search found.")),
    );
  }

  return {
    element,
    stepDetail,
    /** Redraw in the page's words (after a change of language, or of the viewed step). */
    show(text) {
      state.text = text;
      render();
    },
    /** Follow the replay to `number`: the step marked current in the list and on the chart
     *  (only those change, so the keyboard's focus stays where it is). */
    step(number) {
      for (const line of element.querySelectorAll("#review-steps > li")) {
        const current = Number(line.dataset.step) === number;
        line.classList.toggle("current", current);
        const link = line.querySelector("a");
        if (current) link.setAttribute("aria-current", "step");
        else link.removeAttribute("aria-current");
      }
      const now = element.querySelector(".review-chart-now");
      if (now && state.x) {
        now.setAttribute("x1", state.x(number));
        now.setAttribute("x2", state.x(number));
      }
    },
    /** Open the review of `seat` (from the address). */
    open(seat) {
      state.seat = seat;
      start(seat);
    },
  };
}
