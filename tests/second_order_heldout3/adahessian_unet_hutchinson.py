"""AdaHessian-style training of a tiny U-Net: Hutchinson estimates of the Hessian diagonal from grads taken with create_graph=True."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinyUNet(nn.Module):
    def __init__(self, n_cls=4, ch=16):
        super().__init__()
        self.enc1 = conv_block(3, ch)
        self.down = nn.MaxPool2d(2)
        self.enc2 = conv_block(ch, ch * 2)
        self.up = nn.Upsample(scale_factor=2)
        self.dec = conv_block(ch * 3, ch)
        self.out = nn.Conv2d(ch, n_cls, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(self.down(e1))
        return self.out(self.dec(torch.cat([self.up(e2), e1], 1)))


def hutchinson_diag(loss, params):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    zs = [torch.randint_like(p, high=2) * 2 - 1 for p in params]
    hzs = torch.autograd.grad(grads, params, grad_outputs=zs)
    return [g.detach() for g in grads], [(hz * z).abs() for hz, z in zip(hzs, zs)]


def train(loader, epochs=5, lr=0.15, beta1=0.9, beta2=0.999, eps=1e-4):
    model = TinyUNet()
    params = [p for p in model.parameters() if p.requires_grad]
    m = [torch.zeros_like(p) for p in params]
    v = [torch.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        for img, mask in loader:
            loss = F.cross_entropy(model(img), mask)
            grads, diag = hutchinson_diag(loss, params)
            step += 1
            with torch.no_grad():
                for p, g, h, mi, vi in zip(params, grads, diag, m, v):
                    mi.mul_(beta1).add_(g, alpha=1 - beta1)
                    vi.mul_(beta2).addcmul_(h, h, value=1 - beta2)
                    denom = (vi / (1 - beta2 ** step)).sqrt().add_(eps)
                    p.addcdiv_(mi / (1 - beta1 ** step), denom, value=-lr)
