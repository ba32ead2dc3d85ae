"""Learning to refine parallel-jaw grasps for bin picking.

A grasp-quality network Q(points, pose) scores 7-DoF grasps (position + quaternion).
At test time a heuristic grasp is refined by a few steps of gradient ascent on Q.
During training the refinement is unrolled and differentiated, so Q learns a
landscape whose ascent actually lands on the annotated grasp.
"""
import argparse
from dataclasses import dataclass, field
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "silu": F.silu,
    "hardswish": F.hardswish,
}


@dataclass
class RefineConfig:
    steps: int = 2
    step_size: float = 0.05
    second_order: bool = True


@dataclass
class Config:
    n_points: int = 64
    feat_dim: int = 32
    hidden: int = 64
    act: str = "gelu_tanh"
    refine: RefineConfig = field(default_factory=RefineConfig)
    quality_weight: float = 0.5
    lr: float = 1e-3
    batch: int = 8
    iters: int = 3


class PointEncoder(nn.Module):
    """PointNet: shared per-point MLP followed by a symmetric max over points."""

    def __init__(self, feat_dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.Conv1d(3, 32, 1), nn.ReLU(), nn.Conv1d(32, feat_dim, 1))
        self.pool = nn.AdaptiveMaxPool1d(1)

    def forward(self, pts):  # (B, N, 3)
        return self.pool(self.mlp(pts.transpose(1, 2))).squeeze(-1)


class QualityHead(nn.Module):
    def __init__(self, feat_dim, hidden, act):
        super().__init__()
        self.fc1 = nn.Linear(feat_dim + 7, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = ACTS[act]

    def forward(self, feat, pose):
        pos, quat = pose[..., :3], F.normalize(pose[..., 3:], dim=-1)
        h = self.act(self.fc1(torch.cat([feat, pos, quat], dim=-1)))
        h = self.act(self.fc2(h))
        return self.out(h).squeeze(-1)


class GraspModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = PointEncoder(cfg.feat_dim)
        self.head = QualityHead(cfg.feat_dim, cfg.hidden, cfg.act)

    def forward(self, pts, pose):
        return self.head(self.encoder(pts), pose)


class Trainer:
    """Generic trainer; `refine` is the hook subclasses may override."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.model = self.build_model()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)

    def build_model(self):
        raise NotImplementedError

    def refine(self, feat, pose, train=True):
        rc = self.cfg.refine
        pose = pose.detach().requires_grad_(True)
        for _ in range(rc.steps):
            q = self.model.head(feat, pose)
            (g,) = torch.autograd.grad(q.sum(), pose, create_graph=rc.second_order if train else False)
            pose = pose + rc.step_size * g
        return pose

    def losses(self, batch):
        feat = self.model.encoder(batch["points"])
        # supervised quality on labelled candidate grasps
        q_cand = self.model.head(feat, batch["cand_pose"])
        l_quality = F.binary_cross_entropy_with_logits(q_cand, batch["cand_success"])
        # unrolled refinement from the heuristic grasp towards the annotated one
        refined = self.refine(feat, batch["init_pose"])
        q_ref = F.normalize(refined[:, 3:], dim=-1)
        l_pos = (refined[:, :3] - batch["gt_pose"][:, :3]).pow(2).sum(-1).mean()
        l_rot = (1 - (q_ref * batch["gt_pose"][:, 3:]).sum(-1).abs()).mean()
        return l_pos + l_rot, l_quality

    def fit(self, make_batch):
        for it in range(self.cfg.iters):
            l_ref, l_q = self.losses(make_batch())
            loss = l_ref + self.cfg.quality_weight * l_q
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            print(f"iter {it}: refine {l_ref.item():.4f}  quality {l_q.item():.4f}")


class BinPickingTrainer(Trainer):
    def build_model(self):
        return GraspModel(self.cfg)


def make_batch_fn(cfg, gen):
    def random_quat(b):
        return F.normalize(torch.randn(b, 4, generator=gen), dim=-1)

    def make():
        b = cfg.batch
        gt = torch.cat([torch.rand(b, 3, generator=gen), random_quat(b)], -1)
        init = gt + 0.1 * torch.randn(b, 7, generator=gen)
        cand = gt + 0.3 * torch.randn(b, 7, generator=gen)
        success = ((cand - gt).norm(dim=-1) < 0.5).float()
        pts = gt[:, None, :3] + 0.05 * torch.randn(b, cfg.n_points, 3, generator=gen)
        return {"points": pts, "gt_pose": gt, "init_pose": init, "cand_pose": cand, "cand_success": success}
    return make


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--act", default=Config.act, choices=sorted(ACTS))
    p.add_argument("--iters", type=int, default=Config.iters)
    args = p.parse_args()
    cfg = Config(act=args.act, iters=args.iters)
    torch.manual_seed(0)
    trainer = BinPickingTrainer(cfg)
    trainer.fit(make_batch_fn(cfg, torch.Generator().manual_seed(0)))


if __name__ == "__main__":
    main()
