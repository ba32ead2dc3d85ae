"""Top-k cosine-routed mixture of experts; every expert is evaluated, the top-k are gathered."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from experts import build_experts


class CosineRouter(nn.Module):
    def __init__(self, d, router_dim, n_experts, temperature):
        super().__init__()
        self.proj = nn.Linear(d, router_dim)
        self.expert_emb = nn.Parameter(torch.randn(n_experts, router_dim))
        self.temperature = temperature

    def forward(self, x):
        tok = F.normalize(self.proj(x), dim=-1)
        emb = F.normalize(self.expert_emb, dim=-1)
        return torch.softmax(tok @ emb.t() / self.temperature, dim=-1)


class MoEHamiltonian(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["state_dim"]
        self.top_k = cfg["top_k"]
        self.router = CosineRouter(d, cfg["router_dim"], len(cfg["experts"]), cfg["router_temperature"])
        self.experts = build_experts(cfg["experts"], d, cfg["hidden"])

    def forward(self, x):
        probs = self.router(x)
        top_p, top_i = probs.topk(self.top_k, dim=-1)
        energies = torch.cat([expert(x) for expert in self.experts], dim=-1)
        chosen = torch.gather(energies, 1, top_i)
        H = (top_p / top_p.sum(-1, keepdim=True) * chosen).sum(-1)
        return H, probs


def hamiltonian_vector_field(model, x):
    """(dq/dt, dp/dt) = (dH/dp, -dH/dq); keeps the graph so the field can be trained."""
    x = x.requires_grad_(True)
    H, probs = model(x)
    (dH,) = torch.autograd.grad(H.sum(), x, create_graph=True)
    half = x.shape[-1] // 2
    return torch.cat([dH[:, half:], -dH[:, :half]], dim=-1), probs
