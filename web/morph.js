// Drawing a region of the table: its new HTML morphed into place (the vendored morphdom,
// web/vendor/morphdom/), not replaced. An element that is still there stays the same element:
// a card dealt in or put on the trick is not animated again, the focus and a slider under the
// finger stay where they are. Elements are matched by their id, else by the attribute that
// names them on the table (a hand's card, a trick's card, a bubble, a seat, a bid, a review's
// row; the hand and the trick by their deal, so that a new deal's cards are new elements):
// each is unique within its region. web/browser/drawing.py calls beloteMorph(region,
// html); without morphdom (it did not load) the region's HTML is replaced instead.
(() => {
  const KEYS = ["data-card", "data-trick-card", "data-bubble", "data-seat-panel", "data-bid",
                "data-level", "data-review-row", "data-deal"];
  const key = (node) => {
    if (node.nodeType !== 1) return undefined;
    if (node.id) return node.id;
    for (const name of KEYS) {
      const value = node.getAttribute(name);
      if (value !== null) return `${name}=${value}`;
    }
    return undefined;
  };
  window.beloteMorph = (region, html) => {
    if (typeof window.morphdom !== "function") {
      region.innerHTML = html;
      return;
    }
    window.morphdom(region, `<div>${html}</div>`, {
      childrenOnly: true,
      getNodeKey: key,
      // a file chosen stays chosen (the view cannot say which; the page reads it afterwards);
      // a <details> the player opened stays open (the auction in a hand's summary)
      onBeforeElUpdated: (from, to) => {
        if (from.tagName === "DETAILS" && from.open) to.setAttribute("open", "");
        return !(from.tagName === "INPUT" && from.type === "file");
      },
    });
  };
})();
