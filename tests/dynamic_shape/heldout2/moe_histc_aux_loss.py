"""Negative: MoE load-balancing aux loss from histc counts and one_hot(num_classes) fractions."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4) -> None:
        super().__init__()
        self.num_experts = num_experts
        self.router = nn.Linear(dim, num_experts)

    def forward(self, x: torch.Tensor):
        logits = self.router(x)
        probs = logits.softmax(-1)
        top1 = probs.argmax(-1)
        counts = torch.histc(top1.float(), bins=self.num_experts, min=0, max=self.num_experts - 1)
        frac_tokens = F.one_hot(top1, self.num_experts).float().mean(0)
        frac_probs = probs.mean(0)
        aux = self.num_experts * (frac_tokens * frac_probs).sum()
        z_loss = torch.logsumexp(logits, -1).square().mean()
        return aux + 1e-3 * z_loss, counts


def inputs():
    return (torch.randn(16, 8),)
