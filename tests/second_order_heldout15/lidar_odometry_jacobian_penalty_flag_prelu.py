"""Lidar scan-to-scan odometry regressor with a Jacobian-norm robustness penalty.
The penalty helper takes a `double` switch that is forwarded to create_graph."""
import torch
import torch.nn as nn


class OdomNet(nn.Module):
    def __init__(self, beams=64):
        super().__init__()
        self.conv = nn.Conv1d(2, 8, 5, padding=2)
        self.act = nn.PReLU(8)
        self.fc1 = nn.Linear(8 * beams, 32)
        self.silu = nn.SiLU()
        self.fc2 = nn.Linear(32, 3)

    def forward(self, scans):
        h = self.act(self.conv(scans)).flatten(1)
        return self.fc2(self.silu(self.fc1(h)))


def jacobian_penalty(net, scans, double=False, n_proj=1):
    scans = scans.detach().requires_grad_(True)
    pose = net(scans)
    pen = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(pose)
        v = v / v.norm(dim=1, keepdim=True)
        jv, = torch.autograd.grad(pose, scans, grad_outputs=v, create_graph=double)
        pen = pen + jv.pow(2).sum() / scans.size(0)
    return pen / n_proj


net = OdomNet()
opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
for it in range(3):
    scans = torch.randn(4, 2, 64)
    target = torch.randn(4, 3)
    loss = nn.functional.mse_loss(net(scans), target)
    reg = jacobian_penalty(net, scans, double=True)
    opt.zero_grad()
    (loss + 0.01 * reg).backward()
    opt.step()
    print(it, loss.item(), reg.item())
