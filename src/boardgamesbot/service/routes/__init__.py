"""The HTTP routes, one `APIRouter` per area; `boardgamesbot.service.api.ROUTERS` lists
them in the order the app includes them."""
