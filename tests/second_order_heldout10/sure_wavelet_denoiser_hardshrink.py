# Unsupervised denoiser training with Stein's Unbiased Risk Estimate (no clean images):
#   SURE = ||y - f(y)||^2 / n - sigma^2 + 2 sigma^2 div_y f(y) / n
# The divergence is estimated with one Rademacher probe, b^T (J_f b), via autograd with create_graph,
# so the training loss contains a Jacobian-vector product of the denoiser.
import torch
import torch.nn as nn

SIGMA = 0.1


class LearnedShrinkage(nn.Module):
    """Analysis transform -> hard thresholding -> synthesis transform (learned, overcomplete)."""

    def __init__(self, n_filters=32, k=5, lam=0.05):
        super().__init__()
        self.analysis = nn.Conv2d(1, n_filters, k, padding=k // 2, bias=False)
        self.shrink = nn.Hardshrink(lambd=lam)
        self.synthesis = nn.Conv2d(n_filters, 1, k, padding=k // 2, bias=False)
        self.refine = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.Tanh(), nn.Conv2d(16, 1, 3, padding=1))

    def forward(self, y):
        x = self.synthesis(self.shrink(self.analysis(y)))
        return x + self.refine(x)


def sure_loss(f, y, sigma=SIGMA):
    y = y.requires_grad_(True)
    out = f(y)
    n = y[0].numel()
    b = torch.randint_like(y, 2) * 2 - 1
    jb, = torch.autograd.grad(out, y, grad_outputs=b, create_graph=True)
    div = (b * jb).flatten(1).sum(1)
    mse = (y - out).flatten(1).pow(2).sum(1)
    return (mse / n - sigma ** 2 + 2 * sigma ** 2 * div / n).mean()


model = LearnedShrinkage()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    noisy = torch.rand(4, 1, 32, 32) + SIGMA * torch.randn(4, 1, 32, 32)
    loss = sure_loss(model, noisy)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, loss.item())
