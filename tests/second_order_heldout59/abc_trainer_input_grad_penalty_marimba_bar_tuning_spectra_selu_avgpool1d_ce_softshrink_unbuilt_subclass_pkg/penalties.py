"""Concrete regularisers: each overrides RegularisedTrainer.compute_penalty."""
import torch
import torch.nn.functional as F

from base import RegularisedTrainer, register


@register("input_grad")
class InputGradientTrainer(RegularisedTrainer):
    """Double backprop (Drucker & LeCun): squared norm of d(loss)/d(spectrum)."""

    def compute_penalty(self, x, y):
        x = x.detach().clone().requires_grad_(True)
        logits = self.model(x)
        loss = F.cross_entropy(logits, y, reduction="sum")
        (gx,) = torch.autograd.grad(loss, x, create_graph=True)
        return gx.pow(2).sum(dim=(1, 2)).mean()


@register("sparse_saliency")
class SparseSaliencyTrainer(InputGradientTrainer):
    """Only saliency above a threshold is penalised; gradient of the true-class log-probability."""

    def __init__(self, *args, thresh=0.05, **kw):
        super().__init__(*args, **kw)
        self.thresh = thresh

    def compute_penalty(self, x, y):
        x = x.detach().clone().requires_grad_(True)
        logp = F.log_softmax(self.model(x), dim=-1)
        score = logp.gather(1, y[:, None]).sum()
        (gx,) = torch.autograd.grad(score, x, create_graph=True)
        return F.softshrink(gx, self.thresh).abs().sum(dim=(1, 2)).mean()
