"""Delivery-time (ETA) regressor with an end-of-epoch Hessian spectrum report.

The top Hessian eigenvalues are estimated by Lanczos on finite-difference Hessian-vector products,
Hv ~ (g(w + h v) - g(w - h v)) / 2h, where each g is a plain first-order gradient; the Lanczos algebra and the
parameter shifts run under torch.no_grad(). Nothing is ever differentiated twice.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ETARegressor(nn.Module):
    def __init__(self, stops=12, hidden=16):
        super().__init__()
        self.embed = nn.Conv1d(2, hidden, 3, padding=1)
        self.pool = nn.AvgPool1d(2)
        self.shrink = nn.Softshrink(0.1)
        self.out = nn.Linear(hidden * stops // 2, 1)

    def forward(self, route):
        h = self.pool(F.gelu(self.embed(route), approximate="tanh"))
        return self.out(self.shrink(h).flatten(1)).squeeze(-1)


def routes(n=32, stops=12):
    dist = torch.rand(n, 1, stops)
    traffic = torch.rand(n, 1, stops)
    eta = (dist * (1 + traffic)).sum(dim=(1, 2))
    return torch.cat([dist, traffic], dim=1), eta


def flat_grad(model, batch):
    x, y = batch
    loss = F.mse_loss(model(x), y)
    grads = torch.autograd.grad(loss, list(model.parameters()))
    return torch.cat([g.reshape(-1) for g in grads])


def fd_hvp(model, batch, v, h=1e-3):
    params = list(model.parameters())
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.add_(h * v[offset:offset + n].view_as(p))
            offset += n
    g_plus = flat_grad(model, batch)
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.sub_(2 * h * v[offset:offset + n].view_as(p))
            offset += n
    g_minus = flat_grad(model, batch)
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.add_(h * v[offset:offset + n].view_as(p))
            offset += n
    return (g_plus - g_minus) / (2 * h)


def lanczos_top(model, batch, k=5):
    n = sum(p.numel() for p in model.parameters())
    q = torch.randn(n)
    q /= q.norm()
    q_prev, beta = torch.zeros(n), torch.tensor(0.0)
    alphas, betas = [], []
    for _ in range(k):
        w = fd_hvp(model, batch, q)
        with torch.no_grad():
            alpha = torch.dot(w, q)
            w = w - alpha * q - beta * q_prev
            beta = w.norm()
            alphas.append(alpha)
            betas.append(beta)
            q_prev, q = q, w / (beta + 1e-12)
    with torch.no_grad():
        off = torch.stack(betas[:-1])
        T = torch.diag(torch.stack(alphas)) + torch.diag(off, 1) + torch.diag(off, -1)
        return torch.linalg.eigvalsh(T).flip(0)


def main():
    torch.manual_seed(16)
    model = ETARegressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        for _ in range(5):
            x, y = routes()
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        top = lanczos_top(model, routes(64))
        print(f"epoch {epoch} loss {loss.item():.4f} top eigs {[round(v, 3) for v in top[:3].tolist()]}")


if __name__ == "__main__":
    main()
