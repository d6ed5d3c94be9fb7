// render: the Pixi.js scene. Draws a view, highlights the legal moves it is given
// and emits intents; knows no rules. May import session and engine types.
export {};
