# Non-saturating GAN with R1 penalty (Mescheder et al. 2018) for mushroom cap photos
import torch
from torch import nn
import torch.nn.functional as F


class D(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.act1 = nn.PReLU(ch)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(ch, ch * 2, 3, padding=1)
        self.fc = nn.Linear(ch * 2 * 8 * 8, 1)

    def forward(self, img):
        h = self.pool(self.act1(self.conv1(img)))
        h = F.leaky_relu(self.conv2(h), 0.2)
        return self.fc(h.flatten(1))


def r1_penalty(d_out, x_in):
    grad_dout, = torch.autograd.grad(outputs=d_out.sum(), inputs=x_in, create_graph=True)
    return grad_dout.pow(2).reshape(grad_dout.size(0), -1).sum(1).mean()


G = nn.Sequential(nn.Linear(32, 3 * 16 * 16), nn.Tanh())
Dnet = D()
opt_d = torch.optim.RMSprop(Dnet.parameters(), lr=1e-4)
gamma = 10.0
for step in range(2):
    x_real = torch.randn(4, 3, 16, 16)
    x_real.requires_grad_()
    d_real = Dnet(x_real)
    with torch.no_grad():
        x_fake = G(torch.randn(4, 32)).view(4, 3, 16, 16)
    d_fake = Dnet(x_fake)
    loss = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
    loss = loss + 0.5 * gamma * r1_penalty(d_real, x_real)
    opt_d.zero_grad()
    loss.backward()
    opt_d.step()
