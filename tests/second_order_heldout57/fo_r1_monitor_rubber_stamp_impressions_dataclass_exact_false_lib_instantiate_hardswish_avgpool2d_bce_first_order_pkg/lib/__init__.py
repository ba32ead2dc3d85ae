from .nets import StampCritic, StampGenerator
from .regularizers import R1Penalty

__all__ = ["StampCritic", "StampGenerator", "R1Penalty"]
