import torch.nn.functional as F


def detection_loss(out, targets, box_weight=2.0):
    obj_t, cls_t, box_t = targets
    l_obj = F.binary_cross_entropy_with_logits(out["obj"], obj_t)
    n_pos = max(1.0, float(obj_t.sum()))
    l_box = F.smooth_l1_loss(out["box"] * obj_t, box_t * obj_t, beta=0.11, reduction="sum") / n_pos
    l_cls = F.binary_cross_entropy_with_logits(out["cls"], cls_t, reduction="sum") / n_pos
    return l_obj + box_weight * l_box + l_cls
