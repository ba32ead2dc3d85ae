"""Camera calibration refinement with Levenberg-Marquardt: the Jacobian of the reprojection residuals w.r.t.
the intrinsics/distortion/pose vector is computed with torch.func.jacfwd and the damped normal equations are
solved under no_grad. A small learned residual-weighting net is fit afterwards by ordinary backprop."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jacfwd


def rodrigues(rvec):
    theta = torch.sqrt((rvec ** 2).sum() + 1e-12)
    k = rvec / theta
    K = torch.stack([
        torch.stack([torch.zeros(()), -k[2], k[1]]),
        torch.stack([k[2], torch.zeros(()), -k[0]]),
        torch.stack([-k[1], k[0], torch.zeros(())]),
    ])
    return torch.eye(3) + torch.sin(theta) * K + (1 - torch.cos(theta)) * K @ K


def project(params, pts3d):
    fx, fy, cx, cy, k1 = params[:5]
    R, t = rodrigues(params[5:8]), params[8:11]
    cam = pts3d @ R.t() + t
    xy = cam[:, :2] / cam[:, 2:3]
    r2 = (xy ** 2).sum(-1, keepdim=True)
    xy = xy * (1 + k1 * r2)
    return torch.stack([fx * xy[:, 0] + cx, fy * xy[:, 1] + cy], dim=-1)


def residuals(params, pts3d, obs2d):
    return (project(params, pts3d) - obs2d).reshape(-1)


@torch.no_grad()
def levenberg_marquardt(params, pts3d, obs2d, iters=5, lam=1e-3):
    for _ in range(iters):
        r = residuals(params, pts3d, obs2d)
        J = jacfwd(residuals)(params, pts3d, obs2d)
        A = J.t() @ J + lam * torch.eye(J.size(1))
        step = torch.linalg.solve(A, -J.t() @ r)
        new = params + step
        if residuals(new, pts3d, obs2d).pow(2).sum() < r.pow(2).sum():
            params, lam = new, lam * 0.5
        else:
            lam = lam * 4.0
    return params


class ResidualWeighter(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 16), nn.ELU(), nn.Linear(16, 1))

    def forward(self, res2d):
        return F.softplus(self.net(res2d)).squeeze(-1)


if __name__ == "__main__":
    pts = torch.rand(20, 3) + torch.tensor([0.0, 0.0, 4.0])
    true = torch.tensor([500.0, 500.0, 320.0, 240.0, 0.01, 0.1, -0.05, 0.02, 0.1, 0.0, 0.2])
    obs = project(true, pts) + 0.5 * torch.randn(20, 2)
    est = levenberg_marquardt(true + 0.01 * torch.randn(11), pts, obs)
    res = (project(est, pts) - obs).detach()
    weighter = ResidualWeighter()
    opt = torch.optim.Adam(weighter.parameters(), lr=1e-2)
    for step in range(2):
        w = weighter(res)
        loss = (w * res.pow(2).sum(-1)).mean() - torch.log(w + 1e-6).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())
