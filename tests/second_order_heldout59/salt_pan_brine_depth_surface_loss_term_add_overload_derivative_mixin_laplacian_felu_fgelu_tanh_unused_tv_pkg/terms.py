"""Loss terms as objects: `2.0 * SoundingTerm() + ThinPlateTerm(0.01)` builds a CompositeLoss."""
import torch
import torch.nn.functional as F

from mixins import DerivativeMixin, LoggingMixin


class LossTerm:
    name = "term"

    def __init__(self, weight=1.0):
        self.weight = weight

    def value(self, model, batch):
        raise NotImplementedError

    def __call__(self, model, batch):
        return self.weight * self.value(model, batch)

    def __mul__(self, w):
        self.weight = self.weight * w
        return self

    __rmul__ = __mul__

    def __add__(self, other):
        return CompositeLoss([self]) + other


class CompositeLoss(LossTerm):
    name = "total"

    def __init__(self, terms):
        super().__init__(1.0)
        self.terms = list(terms)

    def __add__(self, other):
        extra = other.terms if isinstance(other, CompositeLoss) else [other]
        return CompositeLoss(self.terms + extra)

    def __call__(self, model, batch):
        parts = {t.name: t(model, batch) for t in self.terms}
        return sum(parts.values()), {k: f"{v.item():.2e}" for k, v in parts.items()}


class SoundingTerm(LoggingMixin, LossTerm):
    """Fit to the sparse depth soundings taken with a graduated pole."""
    name = "sounding"

    def value(self, model, batch):
        return self.record(F.huber_loss(model(batch["xy_s"]), batch["depth_s"], delta=0.02))


class ShorelineTerm(LoggingMixin, LossTerm):
    name = "shore"

    def value(self, model, batch):
        return self.record(model(batch["xy_shore"]).pow(2).mean())


class ThinPlateTerm(DerivativeMixin, LoggingMixin, LossTerm):
    """Membrane smoothness of the brine surface: mean squared Laplacian at random points."""
    name = "thin_plate"

    def value(self, model, batch):
        xy = batch["xy_c"].clone().requires_grad_(True)
        return self.record(self.laplacian(model(xy), xy).pow(2).mean())


class SlopeTVTerm(DerivativeMixin, LoggingMixin, LossTerm):
    """Total variation of the surface (robust alternative to the thin plate; not in the default objective)."""
    name = "slope_tv"

    def value(self, model, batch):
        xy = batch["xy_c"].clone().requires_grad_(True)
        g = self.grad(model(xy), xy)
        return self.record(F.smooth_l1_loss(g, torch.zeros_like(g), beta=0.01))
