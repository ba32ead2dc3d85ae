"""A tiny YOLOX-style detector and its training recipe, written for ms-scan's checklist example.

Runs on CPU for a few steps with tiny sizes: `python examples/yolox_like/train.py --steps 1`.
DistributedDataParallel is used only when launched distributed (torchrun sets WORLD_SIZE).
"""
import argparse
import math
import os
import random

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, DistributedSampler


def get_args():
    parser = argparse.ArgumentParser("yolox-like")
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("-b", "--batch-size", type=int, default=8)
    parser.add_argument("--warmup-epochs", type=int, default=5)
    parser.add_argument("--no-aug-epochs", type=int, default=15)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: full run)")
    parser.add_argument("--img-size", type=int, default=64)
    parser.add_argument("--amp", action="store_true")
    return parser.parse_args()


def set_seed(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


# ----------------------------------------------------------------------------------------- data
def mosaic(images, boxes, size):
    """Four images in the quadrants of a 2x2 canvas, then a random size x size window; boxes follow."""
    canvas = np.full((size * 2, size * 2, 3), 114, dtype=np.uint8)
    out = []
    for i, (img, b) in enumerate(zip(images, boxes)):
        x0, y0 = (i % 2) * size, (i // 2) * size
        canvas[y0:y0 + size, x0:x0 + size] = img
        out.append(b + np.array([x0, y0, x0, y0, 0], dtype=np.float32))
    sx, sy = random.randint(0, size), random.randint(0, size)
    merged = np.concatenate(out, 0)
    merged[:, :4] = np.clip(merged[:, :4] - np.array([sx, sy, sx, sy]), 0, size - 1)
    return canvas[sy:sy + size, sx:sx + size], merged


def mixup(img_a, boxes_a, img_b, boxes_b, ratio=0.5):
    img = (img_a.astype(np.float32) * ratio + img_b.astype(np.float32) * (1 - ratio)).astype(np.uint8)
    return img, np.concatenate([boxes_a, boxes_b], 0)


class RandomHSV:
    def __init__(self, gain=0.5):
        self.gain = gain

    def __call__(self, img):
        scale = 1 + random.uniform(-self.gain, self.gain)
        return np.clip(img.astype(np.float32) * scale, 0, 255).astype(np.uint8)


class ToyDetection(Dataset):
    def __init__(self, n, size, transform=None, mosaic_prob=1.0, mixup_prob=1.0):
        self.n, self.size, self.transform = n, size, transform
        self.mosaic_prob, self.mixup_prob = mosaic_prob, mixup_prob

    def __len__(self):
        return self.n

    def load(self, i):
        rng = np.random.default_rng(i)
        img = rng.integers(0, 255, (self.size, self.size, 3), dtype=np.uint8)
        x, y = rng.integers(0, self.size // 2, 2)
        return img, np.array([[x, y, x + self.size // 4, y + self.size // 4, i % 3]], dtype=np.float32)

    def __getitem__(self, i):
        if random.random() < self.mosaic_prob:
            pairs = [self.load((i + k) % self.n) for k in range(4)]
            img, boxes = mosaic([p[0] for p in pairs], [p[1] for p in pairs], self.size)
        else:
            img, boxes = self.load(i)
        if random.random() < self.mixup_prob:
            img, boxes = mixup(img, boxes, *self.load((i + 7) % self.n))
        if self.transform is not None:
            img = self.transform(img)
        return torch.from_numpy(img).permute(2, 0, 1).float() / 255.0, torch.from_numpy(boxes[:10])


def collate(batch):
    imgs = torch.stack([b[0] for b in batch])
    targets = torch.zeros(len(batch), 10, 5)
    for i, (_, t) in enumerate(batch):
        targets[i, :len(t)] = t
    return imgs, targets


# ----------------------------------------------------------------------------------------- network
class ConvBN(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.silu(self.bn(self.conv(x)))


class TinyYOLOX(nn.Module):
    """Backbone (strided ConvBN), decoupled head (cls / reg / obj branches), anchor-free, stride 8."""

    def __init__(self, num_classes=3, width=16):
        super().__init__()
        self.num_classes = num_classes
        self.backbone = nn.Sequential(ConvBN(3, width, 2), ConvBN(width, width, 2), ConvBN(width, width, 2))
        self.cls_branch = nn.Sequential(ConvBN(width, width), nn.Conv2d(width, num_classes, 1))
        self.reg_branch = ConvBN(width, width)
        self.reg_pred = nn.Conv2d(width, 4, 1)
        self.obj_pred = nn.Conv2d(width, 1, 1)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        nn.init.constant_(self.obj_pred.bias, -4.6)

    def forward(self, x):
        feat = self.backbone(x)
        reg = self.reg_branch(feat)
        out = torch.cat([self.reg_pred(reg), self.obj_pred(reg), self.cls_branch(feat)], 1)
        return out.flatten(2).permute(0, 2, 1)  # (B, HW, 4 + 1 + C)


def grid_centers(n_side, stride):
    ys, xs = torch.meshgrid(torch.arange(n_side), torch.arange(n_side), indexing="ij")
    return (torch.stack([xs, ys], -1).reshape(-1, 2).float() + 0.5) * stride


def simota_assign(pred_boxes, pred_cls, centers, gt, num_classes, center_radius=2.5, stride=8):
    """Dynamic-k matching: each GT takes the k lowest-cost anchors, k from the sum of its top IoUs."""
    gt_xy = (gt[:, :2] + gt[:, 2:4]) / 2
    in_center = ((centers[None] - gt_xy[:, None]).abs() < center_radius * stride).all(-1)
    ious = box_iou(gt[:, :4], pred_boxes)
    cls_cost = F.binary_cross_entropy_with_logits(
        pred_cls[None].expand(len(gt), -1, -1),
        F.one_hot(gt[:, 4].long(), num_classes).float()[:, None].expand(-1, len(centers), -1),
        reduction="none").sum(-1)
    cost = cls_cost + 3.0 * -torch.log(ious + 1e-8) + 1e5 * (~in_center)
    matching = torch.zeros_like(cost)
    top_ious, _ = torch.topk(ious, min(10, ious.shape[1]), dim=1)
    dynamic_ks = top_ious.sum(1).int().clamp(min=1)
    for g in range(len(gt)):
        _, idx = torch.topk(cost[g], k=int(dynamic_ks[g]), largest=False)
        matching[g, idx] = 1.0
    fg_mask = matching.sum(0) > 0
    matched_gt = matching[:, fg_mask].argmax(0)
    return fg_mask, matched_gt


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(-1)
    return inter / (area_a[:, None] + area_b[None] - inter + 1e-9)


def yolox_loss(outputs, targets, num_classes, img_size, stride=8):
    centers = grid_centers(img_size // stride, stride)
    total = outputs.new_zeros(())
    for out, tgt in zip(outputs, targets):
        gt = tgt[tgt[:, 2] > 0]
        boxes = torch.cat([centers - out[:, 2:4].exp() * stride, centers + out[:, 2:4].exp() * stride], 1)
        obj_target = torch.zeros_like(out[:, 4])
        if len(gt):
            fg_mask, matched = simota_assign(boxes.detach(), out[:, 5:].detach(), centers, gt, num_classes)
            obj_target[fg_mask] = 1.0
            total = total + (1 - box_iou(boxes[fg_mask], gt[matched, :4]).diagonal()).sum()
            total = total + F.binary_cross_entropy_with_logits(
                out[fg_mask, 5:], F.one_hot(gt[matched, 4].long(), num_classes).float(), reduction="sum")
        total = total + F.binary_cross_entropy_with_logits(out[:, 4], obj_target, reduction="sum")
    return total / max(1, len(outputs))


# ----------------------------------------------------------------------------------------- recipe
class ModelEMA:
    """Exponential moving average of the weights, decay ramped up over the first updates."""

    def __init__(self, model, decay=0.9998, updates=0):
        self.ema = {k: v.detach().clone() for k, v in model.state_dict().items()}
        self.updates = updates
        self.decay = lambda x: decay * (1 - math.exp(-x / 2000))

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.decay(self.updates)
        for k, v in model.state_dict().items():
            if v.dtype.is_floating_point:
                self.ema[k] = d * self.ema[k] + (1 - d) * v.detach()


def param_groups(model):
    pg0, pg1, pg2 = [], [], []  # BN weights (no decay), conv weights (decay), biases (no decay)
    for name, m in model.named_modules():
        if hasattr(m, "bias") and isinstance(m.bias, nn.Parameter):
            pg2.append(m.bias)
        if isinstance(m, nn.BatchNorm2d) or "bn" in name:
            pg0.append(m.weight)
        elif hasattr(m, "weight") and isinstance(m.weight, nn.Parameter):
            pg1.append(m.weight)
    return pg0, pg1, pg2


def warmup_cosine(total_steps, warmup_steps):
    def factor(step):
        if step < warmup_steps:
            return (step + 1) / warmup_steps
        progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
        return 0.05 + 0.95 * 0.5 * (1.0 + math.cos(math.pi * progress))
    return factor


def main():
    args = get_args()
    set_seed(42)
    distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1
    if distributed:
        dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    dataset = ToyDetection(64, args.img_size, transform=RandomHSV(0.5))
    sampler = DistributedSampler(dataset) if distributed else None
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=sampler is None, sampler=sampler,
                        collate_fn=collate, num_workers=0)

    model = TinyYOLOX().to(device)
    pg0, pg1, pg2 = param_groups(model)
    optimizer = torch.optim.SGD(pg0, lr=args.lr, momentum=0.9, nesterov=True)
    optimizer.add_param_group({"params": pg1, "weight_decay": 5e-4})
    optimizer.add_param_group({"params": pg2})
    steps_per_epoch = len(loader)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lr_lambda=warmup_cosine(args.epochs * steps_per_epoch, args.warmup_epochs * steps_per_epoch))
    use_amp = args.amp and torch.cuda.is_available()
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    if distributed:
        model = nn.parallel.DistributedDataParallel(model)
    ema = ModelEMA(model, 0.9998)

    step = 0
    for epoch in range(args.epochs):
        model.train()
        if sampler is not None:
            sampler.set_epoch(epoch)
        for imgs, targets in loader:
            imgs, targets = imgs.to(device), targets.to(device)
            with torch.autocast(device_type=device.type, enabled=use_amp):
                loss = yolox_loss(model(imgs), targets, 3, args.img_size)
            optimizer.zero_grad()
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=10.0)
            scaler.step(optimizer)
            scaler.update()
            scheduler.step()
            ema.update(model)
            step += 1
            print(f"epoch {epoch} step {step} loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.5f}")
            if args.steps and step >= args.steps:
                return


if __name__ == "__main__":
    main()
