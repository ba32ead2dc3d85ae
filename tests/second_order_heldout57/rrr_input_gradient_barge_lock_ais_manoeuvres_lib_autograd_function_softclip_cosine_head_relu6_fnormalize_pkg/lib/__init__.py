from .autograd_ops import SoftClip, soft_clip
from .encoders import MANOEUVRES, TrackEncoder
from .objectives import rrr_penalty, task_loss

__all__ = ["SoftClip", "soft_clip", "MANOEUVRES", "TrackEncoder", "rrr_penalty", "task_loss"]
