"""Model zoo for the gold-leaf lettering WGAN-GP (re-exported for `from lib import ...`)."""
from .models import LetterCritic, StrokeGenerator
from .penalties import gradient_penalty, wasserstein_critic_loss, wasserstein_generator_loss

__all__ = [
    "LetterCritic",
    "StrokeGenerator",
    "gradient_penalty",
    "wasserstein_critic_loss",
    "wasserstein_generator_loss",
]
