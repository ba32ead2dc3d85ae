"""Classifier-free guidance training: dropped captions replaced by the null embedding (store), and an extra loss on the dropped rows (read)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 16, p_uncond: float = 0.5) -> None:
        super().__init__()
        self.null_emb = nn.Parameter(torch.zeros(dim))
        self.denoiser = nn.Linear(2 * dim, dim)
        self.p_uncond = p_uncond

    def forward(self, x_t: torch.Tensor, text_emb: torch.Tensor, noise: torch.Tensor):
        drop = torch.rand(text_emb.shape[0]) < self.p_uncond
        cond = text_emb.clone()
        cond[drop] = self.null_emb
        eps = self.denoiser(torch.cat([x_t, cond], -1))
        loss = (eps - noise).pow(2).mean()
        uncond_err = (eps[drop] - noise[drop]).pow(2)  # expect: MS202 dynamic
        return loss + 0.1 * uncond_err.mean()


def inputs():
    return torch.randn(6, 16), torch.randn(6, 16), torch.randn(6, 16)
