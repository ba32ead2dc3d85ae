# Lake-sediment varve thickness sequences (annual couplets) classified into climate regimes.
# After a few epochs we run stochastic Lanczos on the Hessian of the loss with respect to the
# classifier head only, using forward-over-reverse HVPs: torch.func.jvp(torch.func.grad(f)).
# The top eigenvalue sets the head's learning rate (lr = 1 / lambda_max).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp

N_REGIMES, SEQ = 3, 48


class VarveEncoder(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, ch, 5, padding=2), nn.Hardswish(), nn.MaxPool1d(2),
            nn.Conv1d(ch, ch, 3, padding=1), nn.Hardswish(), nn.AdaptiveAvgPool1d(1),
        )

    def forward(self, x):
        return self.net(x).flatten(1)


class RegimeHead(nn.Module):
    def __init__(self, ch=16, hidden=32):
        super().__init__()
        self.fc = nn.Linear(ch, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.cls = nn.Linear(hidden, N_REGIMES)

    def forward(self, f):
        return self.cls(self.gate(self.fc(f)))


def varve_batch(n):
    regime = torch.randint(0, N_REGIMES, (n,))
    years = torch.arange(SEQ).float()
    trend = torch.stack([0.0 * years, 0.02 * years, -0.015 * years])[regime]
    cycle = 0.3 * torch.sin(2 * torch.pi * years / (6 + 5 * regime[:, None].float()))
    thick = 1.0 + trend + cycle + 0.2 * torch.randn(n, SEQ)
    return thick.unsqueeze(1), regime


def lanczos_top_eig(hvp, params, k=6):
    v = {n: torch.randn_like(p) for n, p in params.items()}
    norm = torch.sqrt(sum((t * t).sum() for t in v.values()))
    v = {n: t / norm for n, t in v.items()}
    alphas, betas, v_prev, beta = [], [], None, 0.0
    for _ in range(k):
        w = hvp(v)
        alpha = sum((w[n] * v[n]).sum() for n in v)
        w = {n: w[n] - alpha * v[n] - (beta * v_prev[n] if v_prev is not None else 0.0) for n in v}
        beta = torch.sqrt(sum((t * t).sum() for t in w.values()))
        alphas.append(alpha)
        betas.append(beta)
        v_prev, v = v, {n: t / (beta + 1e-12) for n, t in w.items()}
    T = torch.diag(torch.stack(alphas)) + torch.diag(torch.stack(betas[:-1]), 1) + torch.diag(torch.stack(betas[:-1]), -1)
    return torch.linalg.eigvalsh(T)[-1]


def main():
    torch.manual_seed(0)
    enc, head = VarveEncoder(), RegimeHead()
    opt = torch.optim.Adam(list(enc.parameters()) + list(head.parameters()), lr=1e-3)
    for epoch in range(3):
        x, y = varve_batch(32)
        loss = F.cross_entropy(head(enc(x)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    x, y = varve_batch(64)
    feats = enc(x)
    params = {n: p.detach() for n, p in head.named_parameters()}

    def head_loss(p):
        return F.cross_entropy(functional_call(head, p, (feats,)), y)

    def hvp(v):
        return jvp(grad(head_loss), (params,), (v,))[1]

    lam = lanczos_top_eig(hvp, params)
    print(f"head lambda_max {lam.item():.4f} -> head lr {1.0 / lam.item():.3f}")
    return lam


if __name__ == "__main__":
    main()
