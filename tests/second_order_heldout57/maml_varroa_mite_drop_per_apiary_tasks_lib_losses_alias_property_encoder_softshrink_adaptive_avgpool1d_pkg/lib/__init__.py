from .models import MiteDropNet, HEAD_ACTIVATIONS
from . import losses

__all__ = ["MiteDropNet", "HEAD_ACTIVATIONS", "losses"]
