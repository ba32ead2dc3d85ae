"""YOLOX SimOTA label assignment for one forward pass on random data (CPU), plus static look-alikes.
Run: python examples/yolox_assign/assign.py. A fixture for ms-scan's MS2xx rules, not a trainer."""
import torch
import torch.nn.functional as F

from model import TinyYOLOXHead


def bboxes_iou(a, b):
    """Pairwise IoU of [N, 4] and [M, 4] boxes in (cx, cy, w, h)."""
    tl = torch.max(a[:, None, :2] - a[:, None, 2:] / 2, b[:, :2] - b[:, 2:] / 2)
    br = torch.min(a[:, None, :2] + a[:, None, 2:] / 2, b[:, :2] + b[:, 2:] / 2)
    inter = (br - tl).clamp(min=0).prod(2)
    return inter / (a[:, 2:].prod(1)[:, None] + b[:, 2:].prod(1) - inter + 1e-9)


def get_geometry_constraint(gt_boxes, grids, strides, center_radius=1.5):
    """Anchors whose centre lies near a GT centre: [G, A] bool, and the union over GTs [A]."""
    centers = (grids + 0.5) * strides[0, :, None]
    r = center_radius * strides[0]
    d_l = centers[:, 0] - (gt_boxes[:, 0:1] - r)
    d_r = (gt_boxes[:, 0:1] + r) - centers[:, 0]
    d_t = centers[:, 1] - (gt_boxes[:, 1:2] - r)
    d_b = (gt_boxes[:, 1:2] + r) - centers[:, 1]
    in_center = torch.stack([d_l, d_t, d_r, d_b], 2).min(2).values > 0
    return in_center, in_center.sum(0) > 0


def dynamic_k_matching(cost, pair_wise_ious, num_gt, fg_mask):
    matching_matrix = torch.zeros_like(cost, dtype=torch.uint8)
    n_candidate_k = min(10, pair_wise_ious.size(1))
    topk_ious, _ = torch.topk(pair_wise_ious, n_candidate_k, dim=1)
    dynamic_ks = torch.clamp(topk_ious.sum(1).int(), min=1)
    for gt_idx in range(num_gt):
        _, pos_idx = torch.topk(cost[gt_idx], k=int(dynamic_ks[gt_idx]), largest=False)
        matching_matrix[gt_idx][pos_idx] = 1

    anchor_matching_gt = matching_matrix.sum(0)
    if anchor_matching_gt.max() > 1:
        multiple_match_mask = anchor_matching_gt > 1
        _, cost_argmin = torch.min(cost[:, multiple_match_mask], dim=0)
        matching_matrix[:, multiple_match_mask] *= 0
        matching_matrix[cost_argmin, multiple_match_mask] = 1
    fg_mask_inboxes = anchor_matching_gt > 0
    num_fg = fg_mask_inboxes.sum().item()

    fg_mask[fg_mask.clone()] = fg_mask_inboxes
    matched_gt_inds = matching_matrix[:, fg_mask_inboxes].argmax(0)
    pred_ious_this_matching = (matching_matrix * pair_wise_ious).sum(0)[fg_mask_inboxes]
    return num_fg, matched_gt_inds, pred_ious_this_matching


def simota_assign(pred, gt_boxes, gt_classes, grids, strides, num_classes):
    """Reference SimOTA for one image: ragged output (only the foreground anchors)."""
    num_gt = gt_boxes.shape[0]
    in_center, fg_mask = get_geometry_constraint(gt_boxes, grids, strides)
    boxes = pred[:, :4][fg_mask]
    cls_preds = pred[:, 5:][fg_mask]
    obj_preds = pred[:, 4:5][fg_mask]
    geometry = in_center[:, fg_mask]

    pair_wise_ious = bboxes_iou(gt_boxes, boxes)
    gt_cls = F.one_hot(gt_classes.long(), num_classes).float()
    scores = (cls_preds.sigmoid() * obj_preds.sigmoid()).sqrt()
    pair_wise_cls_loss = F.binary_cross_entropy(
        scores.unsqueeze(0).expand(num_gt, -1, -1), gt_cls.unsqueeze(1).expand(-1, scores.shape[0], -1), reduction="none"
    ).sum(-1)
    cost = pair_wise_cls_loss + 3.0 * -torch.log(pair_wise_ious + 1e-8) + 1e6 * (~geometry)

    num_fg, matched_gt_inds, ious = dynamic_k_matching(cost, pair_wise_ious, num_gt, fg_mask)
    fg_idx = torch.nonzero(fg_mask).squeeze(1)
    return fg_idx, gt_classes[matched_gt_inds], ious, num_fg


def simota_assign_static(pred, gt_boxes, gt_classes, grids, strides, num_classes, k=10):
    """Static look-alike: every anchor keeps its slot; costs outside the centre region are masked.

    Same inputs, outputs of fixed size [A]: matched GT id (-1 for background) and its IoU.
    """
    in_center, fg_mask = get_geometry_constraint(gt_boxes, grids, strides)
    boxes, obj, cls = pred[:, :4], pred[:, 4:5], pred[:, 5:]
    ious = bboxes_iou(gt_boxes, boxes)  # [G, A]
    scores = (cls.sigmoid() * obj.sigmoid()).sqrt()  # [A, C]
    cls_cost = -torch.log(scores[:, gt_classes.long()].T + 1e-8)  # [G, A]
    cost = cls_cost + 3.0 * -torch.log(ious + 1e-8)
    cost = cost.masked_fill(~in_center, 1e6)
    _, cand = cost.topk(k, dim=1, largest=False)  # constant k instead of dynamic k
    matching = torch.zeros_like(cost).scatter_(1, cand, 1.0)
    matching = torch.where(in_center, matching, torch.zeros_like(matching))
    best_gt = cost.masked_fill(matching == 0, float("inf")).argmin(0)
    assigned = matching.sum(0) > 0
    matched_gt = torch.where(assigned, best_gt, torch.full_like(best_gt, -1))
    matched_iou = ious.gather(0, best_gt[None]).squeeze(0) * assigned
    return matched_gt, matched_iou


def main():
    torch.manual_seed(0)
    num_classes, img = 4, 256
    head = TinyYOLOXHead(num_classes=num_classes).eval()
    feats = [torch.randn(2, 16, img // s, img // s) for s in head.strides]
    with torch.no_grad():
        outputs, grids, strides = head(feats)
        reg_out = outputs[..., :4]
        obj_out = outputs[..., 4:5]
        print(f"predictions {tuple(outputs.shape)}  boxes {tuple(reg_out.shape)}  obj {tuple(obj_out.shape)}")
        for b in range(outputs.shape[0]):
            gt_boxes = torch.cat([torch.rand(3, 2) * 200 + 28, torch.rand(3, 2) * 60 + 20], 1)
            gt_classes = torch.randint(0, num_classes, (3,)).float()
            fg_idx, cls_t, ious, num_fg = simota_assign(outputs[b], gt_boxes, gt_classes, grids[0], strides, num_classes)
            matched_gt, matched_iou = simota_assign_static(outputs[b], gt_boxes, gt_classes, grids[0], strides, num_classes)
            print(f"image {b}: SimOTA fg={num_fg} (fg_idx {tuple(fg_idx.shape)}), "
                  f"static variant: {int((matched_gt >= 0).sum())} assigned of {tuple(matched_gt.shape)}")


if __name__ == "__main__":
    main()
