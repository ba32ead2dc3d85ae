"""Hand keypoint regression with soft-argmax heatmaps, made robust with Jacobian regularisation
(Hoffman et al. 2019): ||J v||^2 for random unit projections v of the keypoint output w.r.t. the image,
estimated with one VJP per projection (create_graph=True) and added to the training loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_KP = 21


class TinyHourglass(nn.Module):
    def __init__(self, c=24):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU())
        self.down = nn.AvgPool2d(2)
        self.mid = nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.ReLU())
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.head = nn.Conv2d(2 * c, N_KP, 1)

    def forward(self, img):
        s = self.stem(img)
        m = self.up(self.mid(self.down(s)))
        return self.head(torch.cat([s, m], 1))


def soft_argmax(heatmaps, beta=10.0):
    b, k, h, w = heatmaps.shape
    prob = F.softmax(beta * heatmaps.view(b, k, -1), dim=-1).view(b, k, h, w)
    ys = torch.linspace(0, 1, h).view(1, 1, h, 1)
    xs = torch.linspace(0, 1, w).view(1, 1, 1, w)
    return torch.stack([(prob * xs).sum((2, 3)), (prob * ys).sum((2, 3))], dim=-1)


def jacobian_frobenius(img, coords, n_proj=1):
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(coords)
        v = v / v.flatten(1).norm(dim=1).view(-1, 1, 1)
        jv, = torch.autograd.grad(coords, img, grad_outputs=v, create_graph=True)
        total = total + coords[0, 0].numel() * jv.pow(2).sum() / (n_proj * img.size(0))
    return total


def train(steps=2, lam=0.01):
    net = TinyHourglass()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    net.train()
    for step in range(steps):
        img = torch.rand(2, 3, 32, 32).requires_grad_(True)
        gt = torch.rand(2, N_KP, 2)
        coords = soft_argmax(net(img))
        loss = F.mse_loss(coords, gt) + lam * jacobian_frobenius(img, coords)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    train()
