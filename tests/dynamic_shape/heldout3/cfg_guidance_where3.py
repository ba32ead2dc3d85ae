"""Negative: classifier-free guidance: caption dropout with a 3-arg where, sampling by chunking a doubled batch."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 16, scale: float = 7.5, p_uncond: float = 0.1) -> None:
        super().__init__()
        self.null_emb = nn.Parameter(torch.zeros(dim))
        self.denoiser = nn.Linear(2 * dim, dim)
        self.scale, self.p_uncond = scale, p_uncond

    def forward(self, x_t: torch.Tensor, text_emb: torch.Tensor):
        drop = (torch.rand(text_emb.shape[0], 1) < self.p_uncond)
        text_emb = torch.where(drop, self.null_emb.expand_as(text_emb), text_emb)
        both = torch.cat([text_emb, self.null_emb.expand_as(text_emb)])
        eps = self.denoiser(torch.cat([x_t.repeat(2, 1), both], -1))
        eps_cond, eps_uncond = eps.chunk(2)
        return eps_uncond + self.scale * (eps_cond - eps_uncond)


def inputs():
    return torch.randn(4, 16), torch.randn(4, 16)
