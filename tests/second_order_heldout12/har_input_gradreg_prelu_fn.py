"""Human-activity recognition from wrist IMU windows with input-gradient regularisation
(Ross & Doshi-Velez style "right for the right reasons", without annotation masks)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS, WINDOW, N_ACT = 6, 64, 5


class IMUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(CHANNELS, 16, 5, padding=2)
        self.c2 = nn.Conv1d(16, 32, 5, padding=2)
        self.a1 = nn.Parameter(torch.full((16,), 0.25))
        self.a2 = nn.Parameter(torch.full((32,), 0.25))
        self.fc = nn.Linear(32 * 4, N_ACT)

    def forward(self, x):
        x = F.prelu(self.c1(x), self.a1)
        x = F.prelu(self.c2(x), self.a2)
        x = F.adaptive_avg_pool1d(x, 4)
        return self.fc(x.flatten(1))


def rrr_loss(model, x, y, lam=10.0):
    x = x.clone().requires_grad_()
    logits = model(x)
    ce = F.cross_entropy(logits, y)
    (gx,) = torch.autograd.grad(ce, x, create_graph=True)
    return ce + lam * gx.pow(2).sum(dim=(1, 2)).mean(), ce


model = IMUNet()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    xb = torch.randn(16, CHANNELS, WINDOW)
    yb = torch.randint(0, N_ACT, (16,))
    total, ce = rrr_loss(model, xb, yb)
    opt.zero_grad()
    total.backward()
    opt.step()
    print(f"epoch {epoch}: ce={ce.item():.3f} total={total.item():.3f}")
