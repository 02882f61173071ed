"""The browser door: Gamenight in a web browser, one door client per browser, for ONE table.

Built on textual-serve (its terminal page, textual.js, and `AppService`, which speaks Textual's
web-driver protocol to a child process), with what a door must not leave to the page:

- What runs is fixed by the host: `command(visitor)` (the door's client for this table), started
  with exec, never a shell. textual-serve's own `Server` runs one command string through
  `sh -c` and serves a static folder index and file downloads; none of that is used here.
- The page chooses nothing but its own identity `who`: a random id this server handed it in a
  cookie, checked against WHO (hex) before it goes into the command as one argument. Query
  strings (`?command=`, `?host=`…) are ignored; the websocket's only inputs are keys, mouse,
  resize (clamped) and focus. Reloading the page keeps the cookie, so the door client finds
  its reconnect token again and takes the seat back.
- At most `max_sessions` browsers at once; one that sent nothing for `idle_seconds` is closed;
  the same browser opening a second tab closes its first one (one seat, one screen).
- With a table password (net/door_access.py), the page asks for it first; a wrong one is
  answered after the refusal delay.
- The page is served from this package (web_page.html), without the web fonts textual-serve's
  page loads from the internet: a LAN game night needs nothing from outside.
- The page tells why its session ended, by the websocket's close code (CLOSE_CODES): the host
  closed the table (or only this door), another tab of this browser took the seat, the door
  client ended (the player left), or the connection broke without a goodbye: the host is gone
  and may come back (issue 34).
- Who the browser is (`web-<id>`) reaches its door client by an inherited pipe
  (net/handoff.py), never on the command line every local user can read.
- A browser that asks for the plain page (`/?plain=1`, the page's first link, F2 at the door's
  welcome) gets its door client in the plain line mode behind a terminal a screen reader reads
  (net/web_plain.py); its choice is its own cookie's, kept for its later visits until
  `/?plain=0`, and picks a way to play, never an identity or a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from core.refusals import N_
from net import door_access
from net.handoff import Handoff
from net.limits import JoinLimiter, JoinPolicy
from net.protocol import ProtocolError
from net.web_plain import PlainAppService, reader_script
from net.web_service import DoorAppService

PAGE = Path(__file__).with_name("web_page.html")
STATIC = Path(textual_serve.__file__).parent / "static"  # textual.js, xterm.css, fonts
COOKIE = "gamenight_who"
PLAIN_COOKIE = "gamenight_plain"  # "1": this browser chose the plain page (net/web_plain.py)
COOKIE_DAYS = 7  # Lax, not Strict: opening the address again from a QR scanner must send it
WHO = re.compile(r"[0-9a-f]{24}")
WHO_PREFIX = door_access.WEB_WHO_PREFIX  # a browser's `who` in the command: web-<24 hex>
PLAIN_SCRIPT = "/plain/textual.js"  # textual.js with its terminal in screen-reader mode
MAX_SESSIONS = 16
IDLE_SECONDS = 30 * 60.0
WILDCARDS = ("0.0.0.0", "::", "")
QUIT_SECONDS = 3.0  # a door client told to quit that is still there then is killed
MAX_REMEMBERED = 10_000  # browsers whose languages are kept (a flood of new ids is bounded)
MAX_MESSAGE = 64 * 1024  # bytes: a keystroke, a paste or a resize is far smaller
# Why a session ended, as the websocket's close code the page reads (4000-4999: an
# application's own); a normal close (1000) is the door client ending, no close frame at all
# (1006) the host gone.
CLOSED_TABLE, CLOSED_DOOR, TAKEN_OVER = 4001, 4002, 4003
COLUMNS = (20, 400)  # the terminal sizes a page may ask for
ROWS = (8, 200)

log = logging.getLogger("textual-serve")
log.addHandler(logging.NullHandler())
log.propagate = False  # the host's terminal is a Textual screen: no log lines over it


OPENING = N_("Opening {table}…")
ENDED = N_("Session ended.")
TABLE_CLOSED = N_("The host closed the table.")
DOOR_CLOSED = N_("The host closed the browser door.")
TAKEN = N_("Another tab of this browser took your seat: play on there.")
HOST_GONE = N_(
    "The host is gone. It may come back: then open this page again and you are back in your seat."
)
OPEN_AGAIN = N_("Open again")
TABLE_PASSWORD = N_("Table password")
COME_IN = N_("Come in")
NO_COOKIE = N_("Your browser refused the cookie this door needs.")
WRONG_PASSWORD = N_("That is not the table's password.")
DOOR_FULL = N_("The table's browser door is full ({count} browsers): try later.")
TOO_MANY_BROWSERS = N_("Too many new browsers from your address: wait a minute, then try again.")
PLAIN_LINK = N_("Screen reader? Play in plain lines")
FULL_SCREEN_LINK = N_("Play on the full screen")
CLOSE_WORDS = {"ended": ENDED, "closed": TABLE_CLOSED, "door": DOOR_CLOSED, "taken": TAKEN}
CLOSE_WORDS["gone"] = HOST_GONE  # the page's words for its end, by the keys it picks them by


@dataclass(frozen=True)
class Speech:
    """The language a page is in: the browser's (its Accept-Language) when the door has words
    for it (net/door_access.py's `Wording`), else the host's."""

    language: str
    wanted: tuple[str, ...] = ()  # the browser's languages, most wanted first

    @classmethod
    def of(cls, request: web.Request) -> Speech:
        wanted = door_access.accept_languages(request.headers.get("Accept-Language", ""))
        return cls(door_access.wording().language(wanted), wanted)

    def words(self, text: str, /, **params: object) -> str:
        """A text of the door's in this language (a browser lays out right-to-left text)."""
        return door_access.wording().words(self.language, text, **params)

    def html_fields(self) -> dict[str, str]:
        """The page's `lang` and `dir`."""
        rtl = door_access.wording().right_to_left(self.language)
        return {"lang": html.escape(self.language), "dir": "rtl" if rtl else "ltr"}


def clamp(text: str | int | None, bounds: tuple[int, int], default: int) -> int:
    """A whole number from the page, held within bounds (a huge size must not cost memory)."""
    try:
        value = int(text) if text is not None else default
    except (TypeError, ValueError):
        value = default
    return max(bounds[0], min(bounds[1], value))


@dataclass
class WebSession:
    """One browser connected: its identity, its websocket, its door client, its last input."""

    who: str
    websocket: web.WebSocketResponse
    service: DoorAppService
    last_input: float
    closing: bool = False


class WebDoor:
    """The browser door's web server: `serve(addresses, port)`, then `close()`."""

    def __init__(
        self,
        command: Callable[[door_access.Visitor], list[str]],
        *,
        max_sessions: int = MAX_SESSIONS,
        idle_seconds: float = IDLE_SECONDS,
        title: str = "Gamenight",
        error_log: Path | None = None,
    ) -> None:
        """`command(visitor)` is the door client to run for a browser (its `who`: web-<id>)."""
        self.command = command
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.title = title
        self.error_log = error_log
        self.sessions: dict[str, WebSession] = {}
        self.admitted: set[str] = set()  # who gave the table password (when there is one)
        # New browsers per peer address, paced as the host paces joins per address (its own
        # count cannot tell the door clients apart: they all come from loopback). A browser
        # seen before (a reload, a second tab) is no new join: its client takes its seat back.
        self.joins: JoinLimiter | None = JoinLimiter(JoinPolicy())
        self.seen: set[str] = set()
        self.languages: dict[str, tuple[str, ...]] = {}  # each browser's, as its page asked
        # (a websocket's handshake may not say: Chromium sends no Accept-Language with it)
        self.plain: set[str] = set()  # the browsers whose page is the plain one, as it asked
        self.reader_js, self.reads = reader_script(STATIC / "js" / "textual.js")
        self.port = 0
        self.addresses: list[str] = []  # where it listens
        self.shown: list[str] = []  # the addresses to give friends (the lobby's, on 0.0.0.0)
        self.everywhere = False  # listening on every interface, as the host asked
        self._downloads = DownloadManager()  # AppService needs one; downloads are not served
        self._runner: web.AppRunner | None = None
        self._sweeper: asyncio.Task[None] | None = None

    # ---- serving ---------------------------------------------------------------------------
    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes(
            [
                web.get("/", self.page),
                web.post("/", self.login),
                web.get(r"/ws/{who:[0-9a-f]{24}}", self.websocket),
                web.get(PLAIN_SCRIPT, self.plain_script),
                web.static("/static", STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        return app

    async def serve(self, addresses: list[str], port: int = 0) -> int:
        """Listen on each address at `port` (0: a free one, the same on every address); the
        port. OSError when it is taken."""
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        try:
            for address in addresses:
                site = web.TCPSite(self._runner, address, port, reuse_address=True)
                await site.start()
                if port == 0:
                    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = port
        self.addresses = list(addresses)
        self.everywhere = any(address in WILDCARDS for address in addresses)
        self.shown = [address for address in addresses if address not in WILDCARDS]
        self._sweeper = asyncio.create_task(self._sweep())
        return port

    @property
    def urls(self) -> list[str]:
        """The addresses to give friends: http://ADDRESS:PORT, LAN ones first, then loopback."""
        shown = sorted(self.shown, key=lambda a: (a.startswith("127."), a))
        return [f"http://{_host(address)}:{self.port}" for address in shown]

    async def close(self, table_closed: bool = True) -> None:
        """Close every browser's session, each page told the table closed (or, `table_closed`
        False, only this door), and stop listening."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        code = CLOSED_TABLE if table_closed else CLOSED_DOOR
        sessions = list(self.sessions.values())
        await asyncio.gather(*(self._end(session, code) for session in sessions))
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- the page --------------------------------------------------------------------------
    def _who(self, request: web.Request) -> str | None:
        who = request.cookies.get(COOKIE, "")
        return who if WHO.fullmatch(who) else None

    async def page(self, request: web.Request) -> web.Response:
        """The terminal page (or the password form), handing a new browser its identity, in
        the browser's language when the door has its words (its Accept-Language)."""
        who = self._who(request) or secrets.token_hex(12)
        speech = Speech.of(request)
        if len(self.languages) < MAX_REMEMBERED or who in self.languages:
            self.languages[who] = speech.wanted
            self._choose_plain(request, who)
        if door_access.password() is not None and who not in self.admitted:
            response = self._form(speech, "")
        elif who not in self.sessions and len(self.sessions) >= self.max_sessions:
            response = self._notice(speech, speech.words(DOOR_FULL, count=self.max_sessions))
        else:
            try:
                await self._pace(request, who)
            except web.HTTPTooManyRequests as refused:
                response = self._notice(
                    speech, speech.words(TOO_MANY_BROWSERS), status=refused.status
                )
            else:
                response = self._terminal(request, who, speech)
        response.set_cookie(
            COOKIE, who, max_age=COOKIE_DAYS * 86400, httponly=True, samesite="Lax", path="/"
        )
        if "plain" in request.query:  # the choice, kept for this browser's later visits
            response.set_cookie(
                PLAIN_COOKIE,
                "1" if request.query["plain"] == "1" else "0",
                max_age=COOKIE_DAYS * 86400,
                httponly=True,
                samesite="Lax",
                path="/",
            )
        response.headers["Cache-Control"] = "no-store"
        return response

    def _choose_plain(self, request: web.Request, who: str) -> None:
        """Whether this browser's page is the plain one: as its address asks (`?plain=1`,
        `?plain=0`), else as it chose before (its cookie). Only the page's own `who` is marked:
        the choice picks a way to play, never a seat."""
        chosen = request.query.get("plain", request.cookies.get(PLAIN_COOKIE, "0"))
        if chosen == "1":
            self.plain.add(who)
        else:
            self.plain.discard(who)

    async def plain_script(self, request: web.Request) -> web.Response:
        """textual.js with its terminal in screen-reader mode (net/web_plain.py)."""
        return web.Response(body=self.reader_js, content_type="text/javascript")

    async def login(self, request: web.Request) -> web.Response:
        """The password form's answer: the terminal page, or the form again after a pause."""
        who = self._who(request)
        speech = Speech.of(request)
        form = await request.post()
        given = form.get("password")
        if who is None:
            return self._form(speech, speech.words(NO_COOKIE))
        if isinstance(given, str) and door_access.check_password(given):
            self.admitted.add(who)
            raise web.HTTPSeeOther("/")
        await door_access.refusal_pause()
        return self._form(speech, speech.words(WRONG_PASSWORD))

    def _terminal(self, request: web.Request, who: str, speech: Speech) -> web.Response:
        font_size = clamp(request.query.get("fontsize"), (8, 40), 16)
        page = PAGE.read_text(encoding="utf-8")
        said = {key: speech.words(text) for key, text in CLOSE_WORDS.items()}
        plain = who in self.plain
        script = PLAIN_SCRIPT if plain else "/static/js/textual.js"
        switch = ("/?plain=0", FULL_SCREEN_LINK) if plain else (door_access.PLAIN_PAGE, PLAIN_LINK)
        fields = {
            "title": html.escape(self.title),
            "opening": html.escape(speech.words(OPENING, table=self.title)),
            "ended": html.escape(said["ended"]),
            "closing_words": html.escape(json.dumps(said, ensure_ascii=False)),
            "again": html.escape(speech.words(OPEN_AGAIN)),
            **speech.html_fields(),
            "static": "/static/",
            "script": script,
            "switch_href": switch[0],
            "switch_words": html.escape(speech.words(switch[1])),
            "websocket": f"/ws/{who}",
            "font_size": str(font_size),
        }
        for key, value in fields.items():
            page = page.replace("{{ " + key + " }}", value)
        return web.Response(text=page, content_type="text/html")

    def _form(self, speech: Speech, said: str) -> web.Response:
        said_html = f"<p class=said>{html.escape(said)}</p>" if said else ""
        password, come_in = speech.words(TABLE_PASSWORD), speech.words(COME_IN)
        return _small_page(
            self.title,
            speech,
            f"<form method=post><label>{html.escape(password)} "
            "<input type=password name=password autofocus></label> "
            f"<button>{html.escape(come_in)}</button></form>{said_html}",
        )

    def _notice(self, speech: Speech, said: str, status: int = 503) -> web.Response:
        return _small_page(self.title, speech, f"<p>{html.escape(said)}</p>", status=status)

    async def _pace(self, request: web.Request, who: str) -> None:
        """A browser not seen before: wait as the pace of joins from its address says, or
        HTTPTooManyRequests in words while that address is barred."""
        if who in self.seen or self.joins is None:
            return
        try:
            delay = self.joins.admit(request.remote or "", asyncio.get_running_loop().time())
        except ProtocolError as err:
            raise web.HTTPTooManyRequests(text=f"Too many new browsers: {err}.") from err
        self.seen.add(who)
        await asyncio.sleep(delay)

    # ---- one browser -----------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """Run this table's door client for the browser `who` while its websocket is open."""
        who = request.match_info["who"]
        if door_access.password() is not None and who not in self.admitted:
            raise web.HTTPForbidden(text="the table password comes first")
        previous = self.sessions.get(who)
        if previous is not None:  # the same browser again (reload, second tab): one screen
            await self._end(previous, TAKEN_OVER)
        await self._pace(request, who)
        if len(self.sessions) >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text="the browser door is full")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        languages = self.languages.get(who) or Speech.of(request).wanted
        plain = who in self.plain
        visitor = door_access.Visitor(WHO_PREFIX + who, languages=languages, plain=plain)
        handoff = Handoff(visitor.secrets())
        service = (PlainAppService if plain else DoorAppService)(
            self.command(visitor, handoff.fd),
            self.error_log,
            pass_fds=(handoff.fd,),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self._downloads,
        )
        loop = asyncio.get_running_loop()
        session = WebSession(who, websocket, service, loop.time())
        self.sessions[who] = session
        try:
            width = clamp(request.query.get("width"), COLUMNS, 80)
            height = clamp(request.query.get("height"), ROWS, 24)
            with handoff:  # the door client holds its own copy once started
                await service.start(width, height)
            await self._relay(session)
        finally:
            await self._end(session)
        return websocket

    async def _relay(self, session: WebSession) -> None:
        """Pass the page's keys, clicks and size to the door client; nothing else is heard."""
        service = session.service
        loop = asyncio.get_running_loop()
        async for message in session.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            session.last_input = loop.time()
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width = clamp(data.get("width"), COLUMNS, 80)
                await service.set_terminal_size(width, clamp(data.get("height"), ROWS, 24))
            elif kind == "ping" and isinstance(data, str):
                await session.websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _end(self, session: WebSession, code: int = 1000) -> None:
        """Close the page's websocket with `code` (why, for the page to say) and quit the door
        client (killed if it does not go)."""
        if session.closing:
            return
        session.closing = True
        if self.sessions.get(session.who) is session:
            del self.sessions[session.who]
        with contextlib.suppress(Exception):
            await session.websocket.close(code=code)
        leaving = False
        with contextlib.suppress(Exception):
            await asyncio.wait_for(session.service.stop(), QUIT_SECONDS)
            leaving = True
        await session.service.kill(leaving)

    async def _sweep(self) -> None:
        """Close the sessions idle for longer than `idle_seconds`."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(max(0.05, min(30.0, self.idle_seconds / 4)))
            limit = loop.time() - self.idle_seconds
            for session in list(self.sessions.values()):
                if session.last_input < limit:
                    await self._end(session)


def _host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _small_page(title: str, speech: Speech, body: str, status: int = 200) -> web.Response:
    fields = speech.html_fields()
    text = (
        f'<!DOCTYPE html><html lang="{fields["lang"]}" dir="{fields["dir"]}"><head>'
        "<meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>body{{background:#0c181f;color:#eee;"
        "font:18px monospace;padding:2em}input,button{font:inherit;margin:.5em 0}"
        ".said{color:#f99}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )
    return web.Response(text=text, content_type="text/html", status=status)
