"""What the API's handlers are given (FastAPI dependencies): the lobby, the database and the
settings of the running server, found on the application here and nowhere else, and who is
asking."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from .config import Settings
from .database import Database
from .lobby import Lobby


def the_lobby(connection: HTTPConnection) -> Lobby:
    """The tables of this process and all that serves them."""
    lobby: Lobby = connection.app.state.lobby
    return lobby


def the_database(lobby: Annotated[Lobby, Depends(the_lobby)]) -> Database:
    """The database, for the handlers that read or write accounts, sessions and records."""
    return lobby.database


def the_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def client_address(connection: HTTPConnection) -> str:
    """The address the request came from, which the per-client limits count by."""
    return connection.client.host if connection.client else ""


TheLobby = Annotated[Lobby, Depends(the_lobby)]
Store = Annotated[Database, Depends(the_database)]
Config = Annotated[Settings, Depends(the_settings)]
Client = Annotated[str, Depends(client_address)]
