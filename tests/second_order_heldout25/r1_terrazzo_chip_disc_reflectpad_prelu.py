# R1 regularisation (Mescheder et al. 2018) for a terrazzo-floor chip texture GAN.
import torch
import torch.nn as nn
import torch.nn.functional as F

gamma = 10.0
device = "cpu"


class TerrazzoD(nn.Module):
    def __init__(self, nf=8):
        super().__init__()
        self.c1 = nn.Conv2d(3, nf, 3)
        self.a1 = nn.PReLU(nf)
        self.c2 = nn.Conv2d(nf, 2 * nf, 3, stride=2)
        self.head = nn.Linear(2 * nf, 1)

    def forward(self, img):
        h = F.pad(img, (1, 1, 1, 1), mode="reflect")
        h = self.a1(self.c1(h))
        h = F.softplus(self.c2(h))
        return self.head(h.mean(dim=(2, 3)))


G = nn.Sequential(nn.Linear(32, 3 * 16 * 16), nn.Tanh())
D = TerrazzoD()
optG = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
optD = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))

for step in range(2):
    x_real = torch.rand(4, 3, 16, 16, device=device) * 2 - 1
    x_real.requires_grad_()
    d_real = D(x_real)
    with torch.no_grad():
        x_fake = G(torch.randn(4, 32)).view(4, 3, 16, 16)
    d_fake = D(x_fake)
    loss_d = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
    grad_real = torch.autograd.grad(outputs=d_real.sum(), inputs=x_real, create_graph=True)[0]
    r1 = grad_real.pow(2).reshape(grad_real.size(0), -1).sum(1).mean()
    optD.zero_grad()
    (loss_d + 0.5 * gamma * r1).backward()
    optD.step()

    loss_g = F.softplus(-D(G(torch.randn(4, 32)).view(4, 3, 16, 16))).mean()
    optG.zero_grad()
    loss_g.backward()
    optG.step()
    print(step, loss_d.item(), r1.item(), loss_g.item())
