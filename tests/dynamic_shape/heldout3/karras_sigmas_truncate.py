"""k-diffusion sampler: the Karras sigma schedule truncated to the sigmas above sigma_min before sampling (count as a slice bound)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, steps: int = 12, sigma_max: float = 80.0, rho: float = 7.0) -> None:
        super().__init__()
        ramp = torch.linspace(0, 1, steps)
        self.register_buffer("sigmas", (sigma_max ** (1 / rho) + ramp * (0.002 ** (1 / rho) - sigma_max ** (1 / rho))) ** rho)

    def forward(self, x: torch.Tensor, sigma_min: torch.Tensor):
        n_active = int((self.sigmas > sigma_min).sum())
        sigmas = self.sigmas[:n_active]  # expect: MS203 dynamic
        return x * sigmas[0], sigmas


def inputs():
    return torch.randn(2, 4), torch.tensor(0.5)
