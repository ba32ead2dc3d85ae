"""Negative: guidance mixing with an aliased 3-arg where (from torch import where as W); the walrus tests a Python config value."""
import torch
from torch import where as W
from torch import nn

GUIDANCE = {"scale": 3.0, "rescale": 0.7}


class Case(nn.Module):
    def __init__(self, dim: int = 8) -> None:
        super().__init__()
        self.denoiser = nn.Linear(dim, dim)

    def forward(self, eps_cond_in: torch.Tensor, eps_uncond_in: torch.Tensor, use_cond: torch.Tensor):
        eps_cond, eps_uncond = self.denoiser(eps_cond_in), self.denoiser(eps_uncond_in)
        guided = eps_uncond + GUIDANCE["scale"] * (eps_cond - eps_uncond)
        if (phi := GUIDANCE["rescale"]) > 0:
            std_ratio = eps_cond.std(-1, keepdim=True) / guided.std(-1, keepdim=True)
            guided = phi * guided * std_ratio + (1 - phi) * guided
        return W(use_cond[:, None], guided, eps_uncond)


def inputs():
    return torch.randn(4, 8), torch.randn(4, 8), torch.tensor([True, False, True, True])
