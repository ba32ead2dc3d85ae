# CURE (Moosavi-Dezfooli et al. 2019) curvature regularisation for a railway signal aspect
# classifier (red / yellow / double yellow / green lamp crops, 16x16).  The regulariser is the
# squared difference of loss input-gradients at x and at x + h * z, z the normalised sign of the
# gradient; both gradients keep their graph so the penalty trains the network.
import torch
import torch.nn as nn
import torch.nn.functional as F

ASPECTS = ["red", "yellow", "double_yellow", "green"]


class AspectNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU())
        self.block = nn.Sequential(nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1), nn.BatchNorm2d(2 * ch), nn.ReLU())
        self.head = nn.Linear(2 * ch, len(ASPECTS))

    def forward(self, x):
        h = self.block(self.stem(x))
        return self.head(F.adaptive_avg_pool2d(h, 1).flatten(1))


def lamp_crops(n):
    aspect = torch.randint(0, len(ASPECTS), (n,))
    yy, xx = torch.meshgrid(torch.arange(16.0), torch.arange(16.0), indexing="ij")
    colours = torch.tensor([[1.0, 0.1, 0.1], [1.0, 0.8, 0.1], [1.0, 0.8, 0.1], [0.1, 1.0, 0.3]])
    img = torch.zeros(n, 3, 16, 16)
    for i in range(n):
        rows = [5.0, 11.0] if aspect[i] == 2 else [8.0]
        for r in rows:
            lamp = torch.exp(-((yy - r) ** 2 + (xx - 8.0) ** 2) / 4.0)
            img[i] += colours[aspect[i]].view(3, 1, 1) * lamp
    return img + 0.05 * torch.randn_like(img), aspect


def loss_and_input_grad(net, x, y):
    x = x.requires_grad_(True)
    loss = F.cross_entropy(net(x), y)
    g, = torch.autograd.grad(loss, x, create_graph=True)
    return loss, g


def cure_regulariser(net, x, y, h=0.5):
    base = x.detach().clone()
    loss, g = loss_and_input_grad(net, base, y)
    z = torch.sign(g.detach())
    z = z / (z.flatten(1).norm(dim=1).view(-1, 1, 1, 1) + 1e-12)
    _, g_h = loss_and_input_grad(net, base.detach() + h * z, y)
    reg = (g_h - g).flatten(1).pow(2).sum(1).mean()
    return loss, reg


def main(steps=3, lam=4.0):
    torch.manual_seed(0)
    model = nn.DataParallel(AspectNet())
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(steps):
        x, y = lamp_crops(16)
        loss, reg = cure_regulariser(model.module, x, y)
        total = loss + lam * reg
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"step {step}: ce {loss.item():.3f} curvature {reg.item():.5f}")


if __name__ == "__main__":
    main()
