"""Damped Gauss-Newton (Levenberg-Marquardt style) steps for a small head-pose regressor.
Jacobian-vector products come from the double-vjp trick: J v = d/du <J^T u, v>."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PoseNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.gn1 = nn.GroupNorm(2, 8)
        self.conv2 = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.fc = nn.Linear(16, 3)  # yaw, pitch, roll

    def forward(self, img):
        x = torch.tanh(self.gn1(self.conv1(img)))
        x = torch.tanh(self.conv2(x))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.fc(x)


def jvp_double_vjp(out, params, vec):
    u = torch.zeros_like(out, requires_grad=True)
    jt_u = torch.autograd.grad(out, params, grad_outputs=u, create_graph=True)
    return torch.autograd.grad(jt_u, u, grad_outputs=vec, retain_graph=True)[0]


def ggn_matvec(net, imgs, vec):
    params = [p for p in net.parameters() if p.requires_grad]
    out = net(imgs)
    jv = jvp_double_vjp(out, params, vec)
    # squared loss: H_out = I / N
    hjv = jv / out.shape[0]
    return torch.autograd.grad(out, params, grad_outputs=hjv)


def cg(matvec, b, iters=3, damping=1e-2):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(iters):
        ap = [a + damping * q for a, q in zip(matvec(p), p)]
        alpha = rs / sum((q * a).sum() for q, a in zip(p, ap))
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * ai for ri, ai in zip(r, ap)]
        rs_new = sum((t * t).sum() for t in r)
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x


net = PoseNet()
imgs, target = torch.randn(8, 1, 16, 16), torch.randn(8, 3)
params = list(net.parameters())
for it in range(2):
    loss = 0.5 * (net(imgs) - target).pow(2).sum(1).mean()
    g = torch.autograd.grad(loss, params)
    step = cg(lambda v: ggn_matvec(net, imgs, v), [t.detach() for t in g])
    with torch.no_grad():
        for p, s in zip(params, step):
            p -= s
    print(it, loss.item())
