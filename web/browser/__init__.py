"""The browser's side: the only code that touches the page (the DOM, localStorage, timers,
sound, the bots' worker); everything it does is asked for as data by web/app."""
