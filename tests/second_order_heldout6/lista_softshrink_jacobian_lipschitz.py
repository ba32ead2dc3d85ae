"""Learned ISTA (Gregor & LeCun 2010) for sparse coding of image patches, trained with a penalty on the
spectral norm of its input-output Jacobian (the "firmly non-expansive denoiser" trick used to make unrolled
/ plug-and-play networks 1-Lipschitz, Pesquet et al. 2021). The spectral norm is estimated by power
iteration on J^T J, each product a double-backward vector-Jacobian product."""
import torch
from torch import nn
from torch.nn import functional as F


class LISTA(nn.Module):
    def __init__(self, n, m, n_iter=8, lam=0.1):
        super().__init__()
        self.W_e = nn.Linear(n, m, bias=False)
        self.S = nn.Linear(m, m, bias=False)
        self.lams = [lam / (k + 1) ** 0.5 for k in range(n_iter)]
        self.D = nn.Linear(m, n, bias=False)
        self.n_iter = n_iter

    def encode(self, y):
        b = self.W_e(y)
        z = F.softshrink(b, lambd=self.lams[0])
        for k in range(1, self.n_iter):
            z = F.softshrink(b + self.S(z), lambd=self.lams[k])
        return z

    def forward(self, y):
        return self.D(self.encode(y))


def jacobian_spectral_norm(net, y, n_power=5, eps=1e-6):
    y = y.clone().requires_grad_(True)
    out = net(y)
    u = torch.randn_like(y)
    u = u / u.norm(dim=1, keepdim=True)
    for _ in range(n_power):
        v = torch.autograd.grad(out, y, grad_outputs=u, retain_graph=True)[0]
        u = (v / (v.norm(dim=1, keepdim=True) + eps)).detach()
    JTu = torch.autograd.grad(out, y, grad_outputs=u, create_graph=True)[0]
    return JTu.norm(dim=1).max()


def fit(patches, m=256, epochs=20, lr=1e-3, sigma=0.1, mu=1e-2, bs=128):
    n = patches.shape[1]
    net = LISTA(n, m)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    for ep in range(epochs):
        perm = torch.randperm(len(patches))
        for i in range(0, len(patches), bs):
            clean = patches[perm[i:i + bs]]
            noisy = clean + sigma * torch.randn_like(clean)
            rec = net(noisy)
            lip = jacobian_spectral_norm(net, noisy)
            loss = F.mse_loss(rec, clean) + mu * F.relu(lip - 1.0) ** 2
            opt.zero_grad()
            loss.backward()
            opt.step()
    return net


if __name__ == "__main__":
    fit(torch.randn(64, 16), m=32, epochs=1, bs=32)
